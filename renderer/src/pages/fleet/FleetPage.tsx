// Fleet: this machine's sign-in to the organization's fleet — who, which organization, the licence tier it brings
// and when things expire — with sign in (at the organization's identity provider), sign out, refresh the licence,
// and the way to the organization's dashboard. With no fleet configured it says where the settings go.
import { useEffect, useState } from 'react';
import type { FleetLoginProgress, FleetStatus } from '@ssg/contracts/fleet-sign-in';
import { formatDateTime, formatUpcoming } from '../../components/format';
import { Notice } from '../../components/Notice';
import { useNow } from '../../components/use-now';
import { useFleet } from '../../stores/fleet';

const ROLE_NAMES: Record<string, string> = {
  org_admin: 'Admin',
  policy_author: 'Policy author',
  auditor: 'Auditor',
  member: 'Member',
};

function TierBadge({ tier }: { tier: string | null }) {
  if (tier === null) return <span className="tier-badge tier-none">No licence</span>;
  return <span className={`tier-badge tier-${tier.toLowerCase().replace(/[^a-z]/g, '')}`}>{tier.toUpperCase()}</span>;
}

function hostOf(url: string | null): string {
  if (url === null) return '';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** "in 7 h 59 min" style, with the date: when a session or licence ends, or that it has. */
function Expiry({ at, now }: { at: number; now: number }) {
  if (at <= now) return <span className="expired">expired {formatDateTime(at)}</span>;
  return <time dateTime={new Date(at).toISOString()}>{formatUpcoming(at, now)}</time>;
}

function NoFleetConfigured({ problem }: { problem: string }) {
  return (
    <section className="card fleet-card" aria-labelledby="fleet-setup-title">
      <h2 id="fleet-setup-title">No fleet is configured on this machine</h2>
      <p>
        Signing in needs your organization’s identity provider and the client id of its SSO application. Your
        organization’s admin has both. Put them in <span className="mono">~/.ssg/fleet.toml</span> (read at once):
      </p>
      <pre className="code fleet-code">
        {[
          'fleet_url = "https://fleet.example.com"',
          'org_id = "org_example"   # when you belong to several',
          '',
          '[sso]',
          'issuer = "https://example.okta.com/oauth2/default"',
          'client_id = "0oa1example"',
        ].join('\n')}
      </pre>
      <p>or in the environment the daemon starts with, then restart it:</p>
      <pre className="code fleet-code">
        {[
          'SSG_FLEET_URL=https://fleet.example.com',
          'SSG_SSO_ISSUER=https://example.okta.com/oauth2/default',
          'SSG_SSO_CLIENT_ID=0oa1example',
        ].join('\n')}
      </pre>
      <p className="hint">
        From a terminal, <span className="mono">ssg auth login --sso</span> signs in too, and asks for what is missing.
      </p>
      <p className="hint" data-testid="fleet-settings-problem">
        The daemon says: {problem}
      </p>
    </section>
  );
}

function Waiting({ progress }: { progress: FleetLoginProgress }) {
  const { busy, cancel, showSignInWindow } = useFleet();
  return (
    <section className="card fleet-card fleet-waiting" aria-labelledby="fleet-waiting-title" aria-busy="true">
      <h2 id="fleet-waiting-title">
        <span className="spinner" aria-hidden="true" /> Waiting for you to sign in
      </h2>
      <p>
        Finish signing in at your identity provider{progress.issuer && <> ({hostOf(progress.issuer)})</>}. This page
        updates by itself once you are done.
      </p>
      <div className="form-actions">
        {desktopWindow() ? (
          <button type="button" className="button" onClick={() => void showSignInWindow()}>
            Show the sign-in window
          </button>
        ) : (
          progress.authorization_url && (
            <a className="button" href={progress.authorization_url} target="_blank" rel="noopener noreferrer">
              Open the sign-in page again
            </a>
          )
        )}
        <button type="button" className="button" disabled={busy !== null} onClick={() => void cancel()}>
          {busy === 'cancel' ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
    </section>
  );
}

function SignedOut({ status }: { status: FleetStatus }) {
  const { busy, signIn, orgId: lastOrgId } = useFleet();
  const [orgId, setOrgId] = useState(lastOrgId || (status.org_id ?? ''));
  return (
    <section className="card fleet-card" aria-labelledby="fleet-signed-out-title">
      <div className="fleet-card-head">
        <h2 id="fleet-signed-out-title">Not signed in</h2>
        <span className="pill pill-off">Signed out</span>
      </div>
      <p>
        Sign in with your organization’s account to get its licence on this machine. Your identity provider’s page opens{' '}
        {desktopWindow() ? 'in a window of its own' : 'in a new tab'}.
      </p>
      <dl className="facts">
        <dt>Fleet</dt>
        <dd className="mono">{status.fleet_url}</dd>
        <dt>Identity provider</dt>
        <dd className="mono">{status.issuer}</dd>
      </dl>
      <form
        className="form-actions"
        onSubmit={(event) => {
          event.preventDefault();
          void signIn(orgId.trim());
        }}
      >
        <button type="submit" className="button button-primary" disabled={busy !== null}>
          {busy === 'sign-in' ? 'Starting…' : 'Sign in'}
        </button>
        <label className="fleet-org-field">
          <span className="muted small">Organization, if you belong to several</span>
          <input
            className="mono"
            value={orgId}
            onChange={(event) => setOrgId(event.target.value)}
            placeholder="org_example"
            aria-label="Organization id"
            spellCheck={false}
          />
        </label>
      </form>
    </section>
  );
}

function SignedIn({ status, now }: { status: FleetStatus; now: number }) {
  const { busy, signOut, refresh } = useFleet();
  const tokenStore =
    status.token_store === 'keychain'
      ? 'the system keychain'
      : status.token_store === 'file'
        ? '~/.ssg/hosts.toml (no keychain here)'
        : 'unknown';
  return (
    <section className="card fleet-card" aria-labelledby="fleet-org-title">
      <div className="fleet-card-head">
        <div>
          <h2 id="fleet-org-title" data-testid="fleet-org">
            {status.org_name ?? status.org_id}
          </h2>
          <p className="muted small mono">{status.org_id}</p>
        </div>
        <div className="fleet-badges">
          <span className="pill pill-on">Signed in</span>
          <TierBadge tier={status.licence?.tier ?? null} />
        </div>
      </div>
      <dl className="facts">
        <dt>Signed in as</dt>
        <dd data-testid="fleet-email">
          {status.email}
          {status.role && <span className="muted"> · {ROLE_NAMES[status.role] ?? status.role}</span>}
        </dd>
        <dt>Licence</dt>
        <dd>
          {status.licence ? (
            <>
              {status.licence.tier.toUpperCase()}, until <Expiry at={status.licence.expires_at} now={now} />
              {status.licence.source === 'file' && <span className="muted"> (from ~/.ssg/license.jwt)</span>}
            </>
          ) : (
            <span className="expired">{status.licence_problem ?? 'none'}</span>
          )}
        </dd>
        {status.session_expires_at !== null && (
          <>
            <dt>Fleet session</dt>
            <dd>
              until <Expiry at={status.session_expires_at} now={now} />
            </dd>
          </>
        )}
        <dt>Fleet</dt>
        <dd className="mono">{status.fleet_url}</dd>
        <dt>Tokens kept in</dt>
        <dd>{tokenStore}</dd>
      </dl>
      <div className="form-actions">
        {status.dashboard_url && (
          <a className="button button-primary" href={status.dashboard_url} target="_blank" rel="noopener noreferrer">
            Open the organization’s dashboard
          </a>
        )}
        <button type="button" className="button" disabled={busy !== null} onClick={() => void refresh()}>
          {busy === 'refresh' ? 'Refreshing…' : 'Refresh licence'}
        </button>
        <button type="button" className="button button-danger" disabled={busy !== null} onClick={() => void signOut()}>
          {busy === 'sign-out' ? 'Signing out…' : 'Sign out of the fleet'}
        </button>
      </div>
    </section>
  );
}

function desktopWindow(): boolean {
  return typeof window.ssgDesktop?.openFleetSignIn === 'function';
}

export function FleetPage() {
  const { status, progress, error, refreshed, load, stopWatching } = useFleet();
  const now = useNow(30_000);
  useEffect(() => {
    void load();
    return stopWatching;
  }, [load, stopWatching]);

  let body;
  if (status === null) body = error ? null : <p className="muted">Loading…</p>;
  else if (progress?.state === 'waiting') body = <Waiting progress={progress} />;
  else if (status.signed_in) body = <SignedIn status={status} now={now} />;
  else if (status.settings_problem !== null) body = <NoFleetConfigured problem={status.settings_problem} />;
  else body = <SignedOut status={status} />;
  return (
    <div className="page fleet-page">
      <header className="page-header">
        <h1>Fleet</h1>
        <p className="lede">Your organization’s fleet: sign this machine in to get its licence and tier.</p>
      </header>
      {error && <Notice kind="error">{error}</Notice>}
      {progress?.state === 'failed' && progress.message && (
        <Notice kind="error">Sign-in failed: {progress.message}</Notice>
      )}
      {progress?.state === 'cancelled' && <Notice kind="info">Sign-in cancelled.</Notice>}
      {refreshed && (
        <Notice kind="success">
          {refreshed.previous === refreshed.current
            ? `Licence checked: still ${refreshed.current?.toUpperCase() ?? 'none'}.`
            : `Licence refreshed: ${refreshed.previous?.toUpperCase() ?? 'none'} → ${refreshed.current?.toUpperCase() ?? 'none'}.`}
        </Notice>
      )}
      {body}
    </div>
  );
}
