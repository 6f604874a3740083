// The fleet server as `ssg auth` and the daemon's Fleet page use it: the token broker (the fleet holds the
// provider application's client secret, so it redeems the codes the CLI obtains), the CLI session, the licence,
// the organization and the server's health. Errors carry the fleet's own message and never a token: the request
// bodies and bearers stay out of them.
import {
  ACCOUNTS_LICENSE_PATH,
  type CliSession,
  fleetPaths,
  type LicenseResponse,
  MACHINE_HEADER,
  type OidcDeviceResponse,
  type OidcTokenRequest,
  type OidcTokenResponse,
  type Organization,
} from '@ssg/contracts/fleet';

/** What a sign-in at the provider yields, redeemed by the fleet. */
export interface SsoTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string | null;
  /** The verified email of the id_token. */
  email: string;
}

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string | null;
  /** Seconds. */
  expiresIn: number;
  /** Seconds between polls. */
  interval: number;
}

/** Which provider application a grant is for (and, when several organizations share it, which organization). */
export interface ProviderClient {
  issuer: string;
  clientId: string;
  orgId?: string | null | undefined;
}

/** The fleet answered with an error (or not at all: status 0). `error` is the fleet's code, when it sent one. */
export class FleetRequestError extends Error {
  override readonly name = 'FleetRequestError';
  constructor(
    readonly status: number,
    message: string,
    readonly error?: string,
  ) {
    super(message);
  }
}

export interface FleetClientOptions {
  /** The machine's name for the fleet's dashboard (os.hostname()). */
  machine: string;
  fetch?: typeof fetch;
}

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export class FleetClient {
  readonly fleetUrl: string;
  private readonly machine: string;
  private readonly fetch: typeof fetch;

  constructor(fleetUrl: string, { machine, fetch: fetchImpl = fetch }: FleetClientOptions) {
    this.fleetUrl = fleetUrl.replace(/\/+$/, '');
    this.machine = machine;
    this.fetch = fetchImpl;
  }

  /** Redeems an authorization code obtained at the CLI's loopback callback. */
  exchangeCode(
    client: ProviderClient,
    grant: { code: string; codeVerifier: string; redirectUri: string; nonce: string },
  ): Promise<SsoTokens> {
    return this.tokenGrant(client, {
      grant_type: 'authorization_code',
      code: grant.code,
      code_verifier: grant.codeVerifier,
      redirect_uri: grant.redirectUri,
      nonce: grant.nonce,
    });
  }

  /** One poll of the device flow: FleetRequestError with error authorization_pending / slow_down while waiting. */
  pollDeviceCode(client: ProviderClient, deviceCode: string): Promise<SsoTokens> {
    return this.tokenGrant(client, { grant_type: DEVICE_CODE_GRANT, device_code: deviceCode });
  }

  refreshTokens(client: ProviderClient, refreshToken: string): Promise<SsoTokens> {
    return this.tokenGrant(client, { grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async startDeviceAuthorization(client: ProviderClient): Promise<DeviceAuthorization> {
    const body = await this.json<OidcDeviceResponse>('POST', fleetPaths.oidcDevice, { body: providerClient(client) });
    return {
      deviceCode: body.device_code,
      userCode: body.user_code,
      verificationUri: body.verification_uri,
      verificationUriComplete: body.verification_uri_complete ?? null,
      expiresIn: body.expires_in,
      interval: body.interval,
    };
  }

  /** The provider's id_token for an `ssg_session_…` token (8 h); orgId when the email is in several organizations. */
  createSession(idToken: string, orgId?: string | null): Promise<CliSession> {
    return this.json<CliSession>('POST', fleetPaths.sessions, {
      bearer: idToken,
      body: orgId ? { org_id: orgId } : {},
    });
  }

  async endSession(sessionToken: string): Promise<void> {
    await this.json<unknown>('DELETE', fleetPaths.currentSession, { bearer: sessionToken });
  }

  /** The licence of `email`; the bearer is an id_token of that email, or its `ssg_session_…` token. */
  licence(email: string, bearer: string): Promise<LicenseResponse> {
    return this.json<LicenseResponse>('GET', ACCOUNTS_LICENSE_PATH, {
      bearer,
      headers: { 'x-auth-method': 'sso', 'x-sso-email': email },
    });
  }

  organization(orgId: string, sessionToken: string): Promise<Organization> {
    return this.json<Organization>('GET', fleetPaths.org(encodeURIComponent(orgId)), { bearer: sessionToken });
  }

  /** GET /health: whether the fleet answers, and what it says. */
  health(): Promise<Record<string, unknown>> {
    return this.json<Record<string, unknown>>('GET', '/health', {});
  }

  private async tokenGrant(client: ProviderClient, grant: Record<string, string>): Promise<SsoTokens> {
    const request = { ...grant, ...providerClient(client) } as OidcTokenRequest;
    const body = await this.json<OidcTokenResponse>('POST', fleetPaths.oidcToken, { body: request });
    return {
      idToken: body.id_token,
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      email: body.email,
    };
  }

  private async json<T>(
    method: string,
    path: string,
    { bearer, body, headers = {} }: { bearer?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<T> {
    const url = `${this.fleetUrl}${path}`;
    let response: Response;
    try {
      response = await this.fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          [MACHINE_HEADER]: this.machine,
          ...(bearer !== undefined ? { authorization: `Bearer ${bearer}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        redirect: 'error',
      });
    } catch (error) {
      throw new FleetRequestError(0, `the fleet at ${this.fleetUrl} cannot be reached (${causeOf(error)})`);
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const { message, error } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as {
        message?: unknown;
        error?: unknown;
      };
      throw new FleetRequestError(
        response.status,
        typeof message === 'string' && message !== ''
          ? message
          : `the fleet answered ${method} ${path} with HTTP ${response.status}`,
        typeof error === 'string' ? error : undefined,
      );
    }
    if (parsed === undefined) {
      throw new FleetRequestError(response.status, `the fleet's answer to ${method} ${path} is not JSON`);
    }
    return parsed as T;
  }
}

function providerClient({ issuer, clientId, orgId }: ProviderClient): Record<string, string> {
  return { issuer, client_id: clientId, ...(orgId ? { org_id: orgId } : {}) };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
