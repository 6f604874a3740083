// Where the fleet sign-in window may go. It shows pages of other parties (the organization's identity provider and
// its fleet), so it gets nothing of the app: its own session partition (the provider's cookies stay apart from the
// dashboard's, and survive a restart so a signed-in provider does not ask again), no preload, no Node, sandboxed.
// It may visit exactly the fleet's origin, the provider's origin(s) and the loopback callback the daemon listens on
// (the only redirect URI the provider accepts for ssg on this machine); anything else — a link on the provider's
// page, a lookalike host, credentials smuggled into the URL, another scheme or port — is refused, not opened.
import { CLI_SSO_CALLBACK } from '@ssg/contracts/fleet';
import type { FleetLoginProgress } from '@ssg/contracts/fleet-sign-in';

/** The fleet window's session: persistent, and shared with no other window. */
export const FLEET_SIGN_IN_PARTITION = 'persist:ssg-fleet';

/** Electron's webPreferences for the fleet window (plain data, so a Node test can read them). */
export const FLEET_SIGN_IN_WEB_PREFERENCES = {
  partition: FLEET_SIGN_IN_PARTITION,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  contextIsolation: true,
  sandbox: true,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

/** What the window is for: the daemon's login in progress (GET /api/fleet/login). */
export interface FleetSignInTargets {
  fleetUrl: string;
  issuer: string;
  /** The provider's authorization URL the login started with (its origin may differ from the issuer's). */
  authorizationUrl: string;
}

/** The window's targets from the daemon's login, or why there is nothing to show. */
export function fleetSignInTargets(progress: FleetLoginProgress): FleetSignInTargets {
  const { state, fleet_url: fleetUrl, issuer, authorization_url: authorizationUrl } = progress;
  if (state !== 'waiting' || fleetUrl === null || issuer === null || authorizationUrl === null) {
    throw new FleetSignInPolicyError('no fleet sign-in is waiting: start one with Sign in on the Fleet page');
  }
  return { fleetUrl, issuer, authorizationUrl };
}

/**
 * Whether the window's job is over: the login it shows has finished (signed in, failed, cancelled), or another
 * login has replaced it. Then the window closes itself.
 */
export function fleetSignInOver(shown: FleetSignInTargets, progress: FleetLoginProgress): boolean {
  return progress.state !== 'waiting' || progress.authorization_url !== shown.authorizationUrl;
}

export class FleetSignInPolicyError extends Error {
  override name = 'FleetSignInPolicyError';
}

export class FleetSignInPolicy {
  private constructor(
    private readonly origins: ReadonlySet<string>,
    private readonly callback: URL,
  ) {}

  /**
   * The policy for one login. Each target must be https (plain http only on a loopback host, where a test or a
   * local fleet runs): a sign-in page over plain http elsewhere could be read and altered on the way.
   */
  static for(targets: FleetSignInTargets): FleetSignInPolicy {
    const origins = new Set<string>();
    for (const [what, url] of [
      ['fleet URL', targets.fleetUrl],
      ['issuer', targets.issuer],
      ['authorization URL', targets.authorizationUrl],
    ] as const) {
      const parsed = parseUrl(url);
      if (parsed === undefined || !isWebScheme(parsed) || hasCredentials(parsed)) {
        throw new FleetSignInPolicyError(`the ${what} ${JSON.stringify(url)} is not an http(s) URL`);
      }
      if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
        throw new FleetSignInPolicyError(
          `the ${what} ${parsed.origin} is plain http: the sign-in window opens only https pages (http on loopback)`,
        );
      }
      origins.add(parsed.origin);
    }
    return new FleetSignInPolicy(origins, new URL(CLI_SSO_CALLBACK));
  }

  /** Whether the window may navigate (or be redirected) to `url`. */
  allows(url: string): boolean {
    const parsed = parseUrl(url);
    if (parsed === undefined || !isWebScheme(parsed) || hasCredentials(parsed)) return false;
    return this.origins.has(parsed.origin) || this.isCallback(parsed);
  }

  /** Whether `url` is the loopback callback (exactly its scheme, host, port and path; any query). */
  isCallback(url: string | URL): boolean {
    const parsed = typeof url === 'string' ? parseUrl(url) : url;
    return (
      parsed !== undefined &&
      !hasCredentials(parsed) &&
      parsed.origin === this.callback.origin &&
      parsed.pathname === this.callback.pathname
    );
  }

  /**
   * A page asked for a new window (target=_blank, window.open): never a second window. A URL the policy allows
   * opens in the sign-in window itself; anything else is dropped.
   */
  windowOpen(url: string): 'load-here' | 'deny' {
    return this.allows(url) ? 'load-here' : 'deny';
  }
}

/** http and https only: `blob:https://fleet…` has the fleet's origin, and is still not a page to sign in on. */
function isWebScheme(url: URL): boolean {
  return url.protocol === 'https:' || url.protocol === 'http:';
}

function hasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
