// The dashboard's pages: the organization's page (a header, a section per area the viewer may see), the page a
// signed-out member lands on, and the page an error is shown on. Scripts and styles come from files (CSP).
import { fleetPaths } from '@ssg/contracts/fleet';
import { dashboardPath } from '../routes/oidc-login';
import { ASSETS, signOutPath } from './dashboard-paths';
import type { DashboardView } from './dashboard-view';
import { roleBadge } from './format';
import { html, type Html } from './html';
import { licencesSection } from './sections/licences';
import { machinesSection } from './sections/machines';
import { overview } from './sections/overview';
import { membersSection } from './sections/members';
import { serviceAccountsSection } from './sections/service-accounts';
import { ssoDomainSection } from './sections/sso-domain';
import { ssoSettingsSection } from './sections/sso-settings';

const SECTIONS = [
  { id: 'members', title: 'Members & roles', render: membersSection },
  { id: 'sso', title: 'SSO settings', render: ssoSettingsSection },
  { id: 'sso-domain', title: 'SSO domain', render: ssoDomainSection },
  { id: 'service-accounts', title: 'Service accounts', render: serviceAccountsSection },
  { id: 'licences', title: 'Licences', render: licencesSection },
  { id: 'machines', title: 'Machines', render: machinesSection },
] as const;

const brand = html`<span class="brand"
  ><span class="brand-mark" aria-hidden="true"></span>ssg <span class="brand-product">fleet</span></span
>`;

function document(title: string, body: Html, bodyClass: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>${title}</title>
        <link rel="stylesheet" href="${ASSETS.css}" />
        <script type="module" src="${ASSETS.js}"></script>
      </head>
      <body class="${bodyClass}">
        ${body}
      </body>
    </html>`.text;
}

export function dashboardPage(view: DashboardView): string {
  const { org, viewer } = view;
  const who = viewer.kind === 'member' ? viewer.userId : 'a service account';
  const sections = SECTIONS.map((s) => ({ ...s, html: s.render(view) })).filter((s) => s.html !== undefined);
  const signOut =
    viewer.kind === 'member'
      ? html`<form method="post" action="${signOutPath(org.id)}" class="sign-out">
          <button type="submit" class="button button-quiet" data-testid="sign-out">Sign out</button>
        </form>`
      : '';
  const memberHint =
    sections.some((s) => s.id === 'members') || viewer.kind !== 'member'
      ? ''
      : html`<section class="card card-accent" data-testid="section-welcome" aria-labelledby="welcome-title">
          <header class="card-head"><h2 id="welcome-title">Use ssg with ${org.name}</h2></header>
          <p>
            Sign in on each machine you work on: <code>ssg auth login --sso</code>. Your licence and ${org.name}'s rules
            follow.
          </p>
          <p class="muted">Managing members, service accounts and licences is for the organization's admins.</p>
        </section>`;
  return document(
    `${org.name} · ssg fleet`,
    html`<a class="skip-link" href="#main">Skip to content</a>
      <header class="topbar">
        <div class="topbar-inner">
          ${brand}<span class="topbar-org" data-testid="org-name">${org.name}</span>
          <div class="topbar-user">
            <span class="user"
              ><span class="visually-hidden">Signed in as </span
              ><span data-testid="signed-in-as">${who}</span> ${roleBadge(viewer.role)}</span
            >${signOut}
          </div>
        </div>
      </header>
      <div class="layout">
        <nav class="sidenav" aria-label="Sections">
          <ul>
            ${sections.map((s) => html`<li><a href="#${s.id}">${s.title}</a></li>`)}
          </ul>
        </nav>
        <main id="main" tabindex="-1">
          <div class="page-head">
            <h1>${org.name}</h1>
            <p class="muted">
              <code data-testid="org-id">${org.id}</code>${org.ssoDomain ? html` · ${org.ssoDomain}` : ''} · you are
              <span data-testid="viewer-role">${viewer.role}</span>
            </p>
          </div>
          ${overview(view)}${memberHint}${sections.map((s) => s.html)}
        </main>
      </div>
      <div class="flash" role="status" aria-live="polite" data-testid="flash" hidden></div>
      <dialog class="confirm" data-testid="confirm-dialog" aria-labelledby="confirm-text">
        <form method="dialog">
          <p id="confirm-text"></p>
          <div class="form-actions">
            <button value="cancel" class="button button-quiet" data-testid="confirm-cancel">Cancel</button>
            <button value="ok" class="button button-danger" data-testid="confirm-ok">Confirm</button>
          </div>
        </form>
      </dialog>`,
    'dashboard',
  );
}

/** A small centred page: signed out, sign-in not set up, an error. */
function messagePage(options: {
  title: string;
  heading: string;
  message: string;
  testId: string;
  link?: { href: string; text: string };
}): string {
  const { title, heading, message, testId, link } = options;
  return document(
    `${title} · ssg fleet`,
    html`<main class="message-page" id="main">
      <div class="card message-card" data-testid="${testId}">
        ${brand}
        <h1>${heading}</h1>
        <p>${message}</p>
        ${link ? html`<p><a class="button button-primary" href="${link.href}" data-testid="message-link">${link.text}</a></p>` : ''}
      </div>
    </main>`,
    'message',
  );
}

export const signedOutPage = (orgId: string): string =>
  messagePage({
    title: 'Signed out',
    heading: 'You have signed out',
    message: `Your session for ${orgId} has ended on this browser. Machines signed in with ssg auth login stay signed in.`,
    testId: 'signed-out',
    link: { href: fleetPaths.oidcLogin(orgId), text: 'Sign in again' },
  });

export const signInUnavailablePage = (orgId: string): string =>
  messagePage({
    title: 'Sign in',
    heading: 'Sign-in is not set up',
    message: `${orgId} has no OpenID Connect provider configured, so nobody can sign in to its dashboard yet. An org_admin configures it with PUT ${fleetPaths.ssoConfig(orgId)}.`,
    testId: 'sign-in-unavailable',
  });

/** A refusal or a failure; `message` is shown when it is the user's to read (a 4xx's), else a generic line. */
export const errorPage = (status: number, message: string | undefined, orgId: string | undefined): string =>
  messagePage({
    title: status === 403 ? 'Not allowed' : 'Error',
    heading: status === 403 ? 'Not allowed' : status === 404 ? 'Not found' : 'Something went wrong',
    message: message ?? 'The fleet could not show this page. Try again in a moment.',
    testId: 'error-page',
    ...(orgId !== undefined && { link: { href: dashboardPath(orgId), text: 'Back to the dashboard' } }),
  });

/** Why a browser's sign-in (…/sso/oidc/login or …/callback) failed: the spec's message, and a way to try again. */
export const signInFailedPage = (status: number, message: string, orgId: string): string =>
  messagePage({
    title: 'Sign-in failed',
    heading: 'Sign-in failed',
    message,
    testId: 'sign-in-failed',
    // Trying again only helps when sign-in is set up; a 404 is the organization's or its SSO's absence.
    ...(status !== 404 && { link: { href: fleetPaths.oidcLogin(orgId), text: 'Try again' } }),
  });
