// The dashboard's fleet sign-in (the Fleet page, the desktop app's fleet window): the same sign-in as
// `ssg auth login --sso`, on the same shared core (@ssg/node/sso) and into the same files, started by the daemon
// because a browser tab cannot listen on the loopback callback. A login answers the provider's URL as soon as the
// callback listens; the person signs in there, and the rest (the fleet redeems the code, opens a session, issues
// the licence, all saved) happens here in the background while the page asks how it is doing. One login at a time:
// the callback's port is fixed (127.0.0.1:8399, the one redirect URI the provider accepts).
//
// Tokens never leave this module's callees: the answers carry who, where and until when, and errors carry the
// fleet's and the provider's words.
import type { FleetLoginProgress, FleetLoginRequest, FleetStatus } from '@ssg/contracts/fleet-sign-in';
import { fleetDashboardUrl } from '@ssg/contracts/fleet-sign-in';
import { licenceState } from '@ssg/node/license/licence-state';
import { loginInBrowser } from '@ssg/node/sso/browser-login';
import { FleetClient, FleetRequestError, type SsoTokens } from '@ssg/node/sso/fleet-client';
import { resolveSsoSettings, type SsoSettings, SsoSettingsError } from '@ssg/node/sso/fleet-settings';
import { HostsFileError } from '@ssg/node/sso/hosts-file';
import { SsoLoginError } from '@ssg/node/sso/login-error';
import { completeSignIn, refreshLicence, SignInExpiredError, signOut } from '@ssg/node/sso/sign-in-flow';
import { loadSignIn, loadTokens, type SignIn, SignInStoreError } from '@ssg/node/sso/sign-in-store';
import type { TokenVault } from '@ssg/node/sso/token-vault';
import type { Clock } from '../clock';
import { conflict, HttpError } from '../server/http-error';

export interface FleetSignInOptions {
  home: string;
  /** Where settings come from (SSG_SSO_ISSUER, SSG_SSO_CLIENT_ID, SSG_FLEET_URL, SSG_FLEET_ORG). */
  env: NodeJS.ProcessEnv;
  clock: Clock;
  /** This machine's name for the fleet's list of machines (os.hostname()). */
  machine: string;
  /** The OS keychain (tokenVault()), read when needed; undefined keeps the tokens in hosts.toml. */
  vault: () => TokenVault | undefined;
}

/** How long one call to the fleet may take before the person hears it does not answer. */
const FLEET_TIMEOUT_MS = 20_000;
/** The organization's name is a nicety of the status: it does not hold the page up when the fleet is slow. */
const ORG_NAME_TIMEOUT_MS = 3_000;

interface Login {
  progress: FleetLoginProgress;
  abort: AbortController;
  /** Settles once the login is over and its callback server closed. */
  over: Promise<unknown>;
}

const IDLE: FleetLoginProgress = {
  state: 'idle',
  message: null,
  authorization_url: null,
  fleet_url: null,
  issuer: null,
  started_at: null,
  finished_at: null,
};

export class FleetSignIn {
  private login: Login | undefined;
  /** Organization names by `<fleet url>#<org id>`: asked of the fleet once, not on every status. */
  private readonly orgNames = new Map<string, string>();

  constructor(private readonly options: FleetSignInOptions) {}

  /** How the last login is doing (idle when none was started since the daemon started). */
  progress(): FleetLoginProgress {
    return this.login?.progress ?? IDLE;
  }

  /**
   * Starts a login and resolves to the provider's URL once the callback listens. Refused (409) while another
   * waits, or when the callback's port is taken; 400 when the settings are missing or wrong; 502 when the
   * provider cannot be used.
   */
  async start(request: FleetLoginRequest): Promise<{ authorization_url: string }> {
    if (this.login?.progress.state === 'waiting') {
      throw conflict(
        'a sign-in is already waiting at the identity provider: finish it there, or cancel it ' +
          '(DELETE /api/fleet/login) and start again',
      );
    }
    const previous = this.login;
    const login: Login = {
      progress: { ...IDLE, state: 'waiting', started_at: this.options.clock.now() },
      abort: new AbortController(),
      over: Promise.resolve(),
    };
    this.login = login;
    // A cancelled login may still be closing its callback server.
    await previous?.over;
    let settings: SsoSettings;
    try {
      settings = await resolveSsoSettings({
        flags: {
          issuer: request.issuer,
          clientId: request.client_id,
          fleetUrl: request.fleet_url,
          orgId: request.org_id,
        },
        env: this.options.env,
        home: this.options.home,
      });
    } catch (error) {
      this.finish(login, 'failed', messageOf(error));
      throw error instanceof SsoSettingsError ? new HttpError(400, error.message) : error;
    }
    login.progress = { ...login.progress, fleet_url: settings.fleetUrl, issuer: settings.issuer };
    const fleet = this.fleetClient(settings.fleetUrl);
    let showUrl!: (url: URL) => void;
    const authorizationUrl = new Promise<URL>((resolve) => (showUrl = resolve));
    const tokens = loginInBrowser(settings, {
      fleet,
      onAuthorizationUrl: showUrl,
      signal: login.abort.signal,
    });
    login.over = tokens
      .then((signedIn) => this.complete(settings, fleet, signedIn))
      .then(
        () => this.finish(login, 'signed-in', null),
        (error: unknown) => {
          this.finish(login, 'failed', messageOf(error));
          return error;
        },
      );
    // Failing before the URL is shown (the port taken, the provider unreachable) is the request's answer.
    const first = await Promise.race([authorizationUrl, login.over]);
    if (!(first instanceof URL)) throw httpErrorOf(first);
    login.progress = { ...login.progress, authorization_url: first.href };
    return { authorization_url: first.href };
  }

  /** Stops the login waiting at the provider; resolves once its callback port is free again. */
  async cancel(): Promise<FleetLoginProgress> {
    const login = this.login;
    if (login?.progress.state === 'waiting') {
      this.finish(login, 'cancelled', null);
      login.abort.abort();
      await login.over;
    }
    return this.progress();
  }

  async status(): Promise<FleetStatus> {
    const { home } = this.options;
    const licence = await this.licence();
    let signIn: SignIn | undefined;
    try {
      signIn = loadSignIn(home);
    } catch (error) {
      if (!(error instanceof HostsFileError)) throw error;
      return { ...signedOut(), ...licence, settings_problem: `${error.message}; sign in again to replace it` };
    }
    if (signIn === undefined) return { ...signedOut(), ...licence, ...(await this.settingsForSignIn()) };
    return {
      signed_in: true,
      fleet_url: signIn.fleetUrl,
      issuer: signIn.issuer,
      client_id: signIn.clientId,
      org_id: signIn.orgId,
      org_name: await this.orgName(signIn),
      dashboard_url: fleetDashboardUrl(signIn.fleetUrl, signIn.orgId),
      email: signIn.email,
      role: signIn.role,
      signed_in_at: signIn.signedInAt,
      session_expires_at: signIn.sessionExpiresAt,
      token_store: signIn.tokenStore,
      ...licence,
      settings_problem: null,
    };
  }

  /**
   * Signs this machine out: the fleet ends the session (when it answers: a session it never hears of ends by
   * itself within 8 hours), and the tokens and the licence from the sign-in leave the keychain and hosts.toml.
   */
  async logout(): Promise<FleetStatus> {
    await this.cancel();
    const { keychainProblem } = await signOut((fleetUrl) => this.fleetClient(fleetUrl), {
      home: this.options.home,
      vault: this.options.vault(),
      now: this.options.clock.now(),
    });
    if (keychainProblem !== undefined) {
      throw new HttpError(500, `signed out here, but the keychain entry could not be removed: ${keychainProblem}`);
    }
    return this.status();
  }

  /**
   * Asks the fleet for the licence again (after an admin set sso_domain, or the subscription changed): with the
   * id_token while it is valid, else new tokens from the refresh token through the fleet, else the session.
   */
  async refresh(): Promise<{ previous_tier: string | null; status: FleetStatus }> {
    const { home } = this.options;
    let refreshed;
    try {
      refreshed = await refreshLicence((fleetUrl) => this.fleetClient(fleetUrl), {
        home,
        vault: this.options.vault(),
        now: this.options.clock.now(),
      });
    } catch (error) {
      if (error instanceof SignInExpiredError || error instanceof SignInStoreError) {
        throw conflict(`${error.message}: sign in again`);
      }
      if (error instanceof HostsFileError) throw conflict(`${error.message}; sign in again`);
      throw httpErrorOf(error);
    }
    return { previous_tier: refreshed.previousTier, status: await this.status() };
  }

  /** The daemon stops: a waiting login ends and frees the callback's port. */
  async close(): Promise<void> {
    await this.cancel();
  }

  /** The provider's tokens in: the fleet's session and the licence, saved together (or nothing is). */
  private async complete(settings: SsoSettings, fleet: FleetClient, tokens: SsoTokens): Promise<void> {
    const { signIn, sessionToken } = await completeSignIn(settings, tokens, {
      home: this.options.home,
      fleet,
      vault: this.options.vault(),
      now: this.options.clock.now(),
    });
    await this.orgName(signIn, sessionToken);
  }

  /** The first outcome stays: a cancelled login's own failure that follows changes nothing. */
  private finish(login: Login, state: 'signed-in' | 'failed' | 'cancelled', message: string | null): void {
    if (login.progress.state !== 'waiting') return;
    login.progress = {
      ...login.progress,
      state,
      message,
      authorization_url: null,
      finished_at: this.options.clock.now(),
    };
  }

  /** The licence in force, verified (from the sign-in, else ~/.ssg/license.jwt), or why there is none. */
  private async licence(): Promise<Pick<FleetStatus, 'licence' | 'licence_problem'>> {
    const state = await licenceState(this.options.home, this.options.clock.now());
    return state.tier !== null && state.source !== null
      ? { licence: { tier: state.tier, expires_at: state.expiresAt!, source: state.source }, licence_problem: null }
      : { licence: null, licence_problem: state.problem ?? null };
  }

  /** What a sign-in would use, or what it still needs. */
  private async settingsForSignIn(): Promise<Partial<FleetStatus>> {
    try {
      const settings = await resolveSsoSettings({ flags: {}, env: this.options.env, home: this.options.home });
      return {
        fleet_url: settings.fleetUrl,
        issuer: settings.issuer,
        client_id: settings.clientId,
        org_id: settings.orgId,
        settings_problem: null,
      };
    } catch (error) {
      if (!(error instanceof SsoSettingsError)) throw error;
      return { settings_problem: error.message };
    }
  }

  /** The organization's name, asked of the fleet once per sign-in; null when it cannot be had now. */
  private async orgName(signIn: SignIn, sessionToken?: string): Promise<string | null> {
    const key = `${signIn.fleetUrl}#${signIn.orgId}`;
    const known = this.orgNames.get(key);
    if (known !== undefined) return known;
    try {
      const token = sessionToken ?? loadTokens(this.options.home, { vault: this.options.vault() })?.sessionToken;
      if (token === undefined || signIn.sessionExpiresAt <= this.options.clock.now()) return null;
      const { name } = await this.fleetClient(signIn.fleetUrl, ORG_NAME_TIMEOUT_MS).organization(signIn.orgId, token);
      this.orgNames.set(key, name);
      return name;
    } catch (error) {
      if (error instanceof FleetRequestError || error instanceof SignInStoreError) return null;
      throw error;
    }
  }

  private fleetClient(fleetUrl: string, timeoutMs = FLEET_TIMEOUT_MS): FleetClient {
    return new FleetClient(fleetUrl, {
      machine: this.options.machine,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
  }
}

function signedOut(): FleetStatus {
  return {
    signed_in: false,
    fleet_url: null,
    issuer: null,
    client_id: null,
    org_id: null,
    org_name: null,
    dashboard_url: null,
    email: null,
    role: null,
    signed_in_at: null,
    session_expires_at: null,
    token_store: null,
    licence: null,
    licence_problem: null,
    settings_problem: null,
  };
}

/**
 * An error of the sign-in as the daemon's answer. Never 401: to the dashboard that means its own session ended.
 */
function httpErrorOf(error: unknown): unknown {
  if (error instanceof SsoLoginError) {
    if (error.reason === 'port-in-use') return conflict(error.message);
    if (error.reason === 'discovery-failed') return new HttpError(502, error.message);
    return new HttpError(400, error.message);
  }
  if (error instanceof FleetRequestError) {
    if (error.status === 0 || error.status >= 500) return new HttpError(502, messageOf(error));
    return conflict(messageOf(error));
  }
  return error;
}

function messageOf(error: unknown): string {
  if (error instanceof FleetRequestError && error.status !== 0) return `the fleet refused: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
