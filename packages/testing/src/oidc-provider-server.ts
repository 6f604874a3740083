// A real OpenID provider (panva's oidc-provider) on loopback, for tests of the fleet server's web login over real
// HTTP. It plays an identity provider the way the spec's admin configures one (a web client with a secret and
// exact redirect URIs; users identified by email) and can misbehave the ways the spec's error table names:
// rotate its signing keys (the fleet's JWKS cache must keep the old set for its hour), or hand out id_tokens
// whose signature does not verify.
//
// Signing keys are fixed when a Provider is built, so a rotation builds a new Provider on the same issuer and the
// one HTTP server switches to it. Grants, sessions and codes live in oidc-provider's MemoryAdapter, which is
// module-wide, so a login in flight survives the switch.
//
// Logging in: the provider's own development pages (devInteractions) are the login and consent forms. Any
// password is accepted; the login name is the account's email, and only declared accounts exist. `loginHeadless`
// plays a browser through them with fetch and a cookie jar. A Playwright test drives the same forms in Chromium
// (checked with playwright-core and /usr/bin/chromium --no-sandbox; the page's Google Fonts @import fails
// quickly offline and does not hold up the load):
//   await page.goto(authorizationUrl.href)           // <h1>Sign-in</h1>
//   await page.fill('input[name="login"]', email)
//   await page.fill('input[name="password"]', 'any')
//   await page.click('button.login-submit')          // <h1>Authorize</h1>
//   await page.click('button.login-submit')          // consent: the browser goes to the redirect URI (code, state)
// With the fleet server at the redirect URI the last click lands on its callback. The forms are plain HTML; an
// unregistered redirect_uri gives an error page instead (HTTP 400, "redirect_uri did not match any of the
// client's registered redirect_uris"). `cancelHeadless` leaves at the sign-in page instead (the provider sends the
// browser back with error=access_denied), as a person who cancels does.
//
// The device authorization grant (RFC 8628, `ssg auth login --sso --device`) is on with `deviceFlow: true`;
// `confirmDeviceHeadless` plays the person who enters the code on another device (or aborts there).
import { generateKeyPairSync, randomUUID, type JsonWebKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestOidcClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
}

export interface TestOidcAccount {
  readonly email: string;
  /** Defaults to true. */
  readonly emailVerified?: boolean;
}

export interface OidcProviderServerOptions {
  readonly clients: readonly TestOidcClient[];
  readonly accounts?: readonly TestOidcAccount[];
  /** false: the email claim goes to UserInfo only (oidc-provider's default, as some real providers do). */
  readonly emailInIdToken?: boolean;
  /** Offer the device authorization grant (every client may use it). */
  readonly deviceFlow?: boolean;
  /** Hand out a refresh token with every code, without offline_access (some providers do; most want it asked). */
  readonly refreshTokens?: boolean;
}

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** How id_tokens leave the token endpoint. */
export type IdTokenSigning =
  | 'valid'
  /** The signature's bytes are altered after signing: no key verifies it. */
  | 'tampered-signature'
  /** Signed with a key that is not in the published JWKS (under the published key's own kid). */
  | 'untrusted-key';

interface SigningKey {
  readonly privateJwk: JsonWebKey & { kid: string };
  readonly publicJwk: JsonWebKey & { kid: string };
}

function newSigningKey(kid: string = randomUUID()): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const common = { kid, alg: 'RS256', use: 'sig' };
  return {
    privateJwk: { ...privateKey.export({ format: 'jwk' }), ...common },
    publicJwk: { ...publicKey.export({ format: 'jwk' }), ...common },
  };
}

/** oidc-provider warns at every construction that it runs on its development parts, which is the point here. */
function withoutDevelopmentWarnings<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('development-only')) warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

export class OidcProviderServer {
  /** The issuer (`http://127.0.0.1:<port>`), also the discovery base. */
  readonly issuer: string;
  private provider: Provider;
  private publishedKey: SigningKey;
  private signing: IdTokenSigning = 'valid';
  private readonly accounts: Map<string, TestOidcAccount>;

  private constructor(
    private readonly server: Server,
    private readonly options: OidcProviderServerOptions,
  ) {
    const { port } = server.address() as AddressInfo;
    this.issuer = `http://127.0.0.1:${port}`;
    this.accounts = new Map((options.accounts ?? []).map((a) => [a.email, a]));
    this.publishedKey = newSigningKey();
    this.provider = this.build();
  }

  static async start(options: OidcProviderServerOptions): Promise<OidcProviderServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const self = new OidcProviderServer(server, options);
    server.on('request', (req, res) => void self.provider.callback()(req, res));
    return self;
  }

  /** The kid of the key that signs id_tokens and is published at the jwks_uri. */
  get currentKid(): string {
    return this.publishedKey.publicJwk.kid;
  }

  /** Add an account after start (the login name is its email). */
  addAccount(account: TestOidcAccount): void {
    this.accounts.set(account.email, account);
  }

  /** A new signing key with a new kid; the old key is no longer published nor used. */
  rotateKeys(): void {
    this.publishedKey = newSigningKey();
    this.provider = this.build();
  }

  /** Switch how the next id_tokens are signed (see IdTokenSigning). */
  setIdTokenSigning(signing: IdTokenSigning): void {
    this.signing = signing;
    this.provider = this.build();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private build(): Provider {
    const published = this.publishedKey.publicJwk;
    const signing = this.signing;
    const signer = signing === 'untrusted-key' ? newSigningKey(published.kid) : this.publishedKey;
    const configuration: Configuration = {
      clients: this.options.clients.map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [...c.redirectUris],
        grant_types: [
          'authorization_code',
          ...(this.options.deviceFlow ? [DEVICE_CODE_GRANT] : []),
          ...(this.options.refreshTokens ? ['refresh_token'] : []),
        ],
      })),
      ...(this.options.refreshTokens && {
        issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      }),
      ...(this.options.deviceFlow ? { features: { deviceFlow: { enabled: true } } } : {}),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: this.options.emailInIdToken === false,
      cookies: { keys: ['oidc-provider-server test cookie key'] },
      jwks: { keys: [signer.privateJwk] },
      findAccount: (_ctx, id) => {
        const account = this.accounts.get(id);
        if (!account) return undefined;
        return {
          accountId: id,
          claims: () => ({
            sub: id,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            name: account.email.split('@')[0],
          }),
        };
      },
    };
    const provider = withoutDevelopmentWarnings(() => new Provider(this.issuer, configuration));
    provider.use(async (ctx, next) => {
      await next();
      if (signing === 'untrusted-key' && ctx.oidc?.route === 'jwks') {
        // The signer is a stranger; the world still sees the trusted key.
        ctx.body = { keys: [published] };
      }
      if (
        signing === 'tampered-signature' &&
        ctx.oidc?.route === 'token' &&
        isRecord(ctx.body) &&
        typeof ctx.body.id_token === 'string'
      ) {
        ctx.body = { ...ctx.body, id_token: tamperSignature(ctx.body.id_token) };
      }
    });
    return provider;
  }
}

function tamperSignature(jwt: string): string {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const bytes = Buffer.from(signature, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0xff;
  return `${header}.${payload}.${bytes.toString('base64url')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The provider refused to send the browser back (an error page, e.g. an unregistered redirect_uri). */
export class OidcProviderPageError extends Error {
  constructor(
    readonly status: number,
    readonly pageText: string,
  ) {
    super(`the identity provider showed an error page (HTTP ${status}): ${pageText}`);
    this.name = 'OidcProviderPageError';
  }
}

/**
 * Play a browser through the provider's login and consent pages, starting at an authorization URL, and return the
 * URL the provider sends the browser back to (the redirect URI with `code`, `state` and `iss`, or with `error`).
 * Stops at the first URL that starts with `redirectUri`; that URL is not fetched.
 */
export async function loginHeadless(
  authorizationUrl: string | URL,
  login: { readonly email: string; readonly redirectUri: string },
): Promise<URL> {
  const browser = new HeadlessBrowser();
  return browser.playUntil(new URL(authorizationUrl), login.redirectUri, (page) => {
    if (page.heading === 'Sign-in') return { post: loginForm(login.email) };
    if (page.heading === 'Authorize') return { post: new URLSearchParams({ prompt: 'consent' }) };
    return undefined;
  });
}

/**
 * Play a person who opens the authorization URL and cancels at the sign-in page: returns the URL the provider
 * sends the browser back to (the redirect URI with error=access_denied and the state), not fetched.
 */
export async function cancelHeadless(authorizationUrl: string | URL, redirectUri: string): Promise<URL> {
  const browser = new HeadlessBrowser();
  return browser.playUntil(new URL(authorizationUrl), redirectUri, (page) => {
    const cancel = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(page.html)?.[1];
    if (page.heading === 'Sign-in' && cancel) return { get: new URL(decodeEntities(cancel), page.url) };
    return undefined;
  });
}

/**
 * Play the person of the device flow on their other device: open the verification URI with the code, confirm it
 * (or abort), sign in as `email` and consent. Resolves when the provider shows its success page (or, aborting,
 * once the abort is sent).
 */
export async function confirmDeviceHeadless(
  verificationUriComplete: string | URL,
  person: { readonly email: string; readonly abort?: boolean },
): Promise<void> {
  const browser = new HeadlessBrowser();
  let aborted = false;
  await browser.playUntil(new URL(verificationUriComplete), undefined, (page) => {
    if (page.title === 'Sign-in Success' || aborted) return 'done';
    if (page.title === 'Submitting Callback') return { post: page.hiddenInputs };
    if (page.title === 'Device Login Confirmation') {
      if (!person.abort) return { post: page.hiddenInputs };
      aborted = true;
      return { post: new URLSearchParams([...page.hiddenInputs, ['abort', 'yes']]) };
    }
    if (page.heading === 'Sign-in') return { post: loginForm(person.email) };
    if (page.heading === 'Authorize') return { post: new URLSearchParams({ prompt: 'consent' }) };
    return undefined;
  });
}

const loginForm = (email: string) => new URLSearchParams({ prompt: 'login', login: email, password: 'any' });

interface Page {
  url: URL;
  status: number;
  title: string | undefined;
  heading: string | undefined;
  formAction: URL | undefined;
  hiddenInputs: URLSearchParams;
  html: string;
}

/** What to do on a page: submit its form, go somewhere, stop ('done'), or give up (undefined: an error page). */
type PageStep = { post: URLSearchParams } | { get: URL } | 'done' | undefined;

/** fetch with a cookie jar, following redirects by hand so it can stop at the redirect URI. */
class HeadlessBrowser {
  private readonly jar = new Map<string, string>();

  async playUntil(start: URL, stopAt: string | undefined, onPage: (page: Page) => PageStep): Promise<URL> {
    let url = start;
    let init: { method: 'GET' | 'POST'; body?: URLSearchParams } = { method: 'GET' };
    for (let hop = 0; hop < 30; hop++) {
      if (stopAt !== undefined && url.href.startsWith(stopAt)) return url;
      const res = await fetch(url, {
        method: init.method,
        body: init.body,
        redirect: 'manual',
        headers: { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const eq = pair.indexOf('=');
        this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url);
        init = { method: 'GET' };
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const page: Page = {
        url,
        status: res.status,
        title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
        heading: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
        formAction: action ? new URL(decodeEntities(action), url) : undefined,
        hiddenInputs: new URLSearchParams(
          [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
            ([, name, value]) => [name!, decodeEntities(value!)] as [string, string],
          ),
        ),
        html,
      };
      const step = res.status === 200 ? onPage(page) : undefined;
      if (step === 'done') return url;
      if (step === undefined) throw new OidcProviderPageError(res.status, pageText(html));
      if ('get' in step) {
        url = step.get;
        init = { method: 'GET' };
      } else {
        if (!page.formAction) throw new OidcProviderPageError(res.status, pageText(html));
        url = page.formAction;
        init = { method: 'POST', body: step.post };
      }
    }
    throw new Error('the headless browser went through 30 pages without reaching where it was going');
  }
}

const decodeEntities = (text: string): string =>
  text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

function pageText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
