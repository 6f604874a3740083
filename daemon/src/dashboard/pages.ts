// The daemon's own small HTML page for when the dashboard is not built. Static text only (no user input is
// echoed), styled inline because the CSP allows inline styles but no scripts. (Signing in is the dashboard's own
// screen: it needs the page's script to take the ticket out of the link.)

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ssg</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 15vh auto; padding: 0 1.5rem; color: #1f2328; }
  code { background: #f0f1f3; padding: 0.1rem 0.35rem; border-radius: 4px; }
  @media (prefers-color-scheme: dark) { body { background: #15171a; color: #e6e8eb; } code { background: #2a2d31; } }
</style>
</head>
<body>
${body}
</body>
</html>
`;

/** `/` when the renderer's build output is not there. */
export const notBuiltPage = (): string =>
  page(
    'Dashboard not built',
    `<h1>The dashboard is not built</h1>
<p>The dashboard is not built: run <code>npm run build</code> in the ssg repository, then reload this page.</p>
<p>Everything else works without it: see <code>ssg --help</code>.</p>`,
  );
