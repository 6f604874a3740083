// The dashboard's frame: navigation by URL hash (#/spending), the theme toggle, and the sign-in screen whenever
// the daemon does not accept this tab.
import { Suspense, useEffect, useState } from 'react';
import { urlHasSignInTicket } from './api/sign-in';
import { PAGES } from './pages/navigation';
import { SignInScreen } from './pages/sign-in/SignInScreen';
import { useActivity } from './stores/activity';
import { useSession } from './stores/session';
import { type ThemeChoice, useTheme } from './stores/theme';

function currentPath(): string {
  const path = window.location.hash.replace(/^#\/?/, '');
  return PAGES.some((p) => p.path === path) ? path : 'overview';
}

function ThemeToggle() {
  const { choice, set } = useTheme();
  return (
    <label className="theme-toggle">
      <span className="visually-hidden">Theme</span>
      <select value={choice} onChange={(e) => set(e.target.value as ThemeChoice)} aria-label="Theme">
        <option value="system">System theme</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}

export function App() {
  const { status, live, start, signOut } = useSession();
  const waiting = useActivity((s) => s.pending.length);
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    void start();
    const onHash = () => {
      // A sign-in link pasted into this tab while it is open changes only the fragment: no reload, so sign in here.
      if (urlHasSignInTicket()) void start();
      setPath(currentPath());
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [start]);
  useEffect(() => {
    const page = PAGES.find((p) => p.path === path);
    document.title = `${page?.title ?? 'Dashboard'} · ssg`;
  }, [path]);

  if (status === 'signed-out') return <SignInScreen />;
  if (status === 'checking') return <div className="boot" aria-busy="true" />;
  const Page = PAGES.find((p) => p.path === path)?.component;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Dashboard">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          ssg
        </div>
        <ul>
          {PAGES.map((page) => (
            <li key={page.path}>
              <a href={`#/${page.path}`} aria-current={page.path === path ? 'page' : undefined}>
                {page.title}
                {page.path === 'activity' && waiting > 0 && (
                  <span className="count" aria-label={`${waiting} waiting`}>
                    {waiting}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <span className={`live ${live ? 'live-on' : ''}`}>{live ? 'Connected' : 'Offline'}</span>
          <ThemeToggle />
          <button type="button" className="link-button small" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<p className="muted">Loading…</p>}>{Page && <Page key={path} />}</Suspense>
      </main>
    </div>
  );
}
