// Sign-in at the organization's identity provider in a browser (spec, Authentication 3): authorization code with
// PKCE (S256), state and nonce, the provider sending the browser back to a loopback server on
// http://127.0.0.1:8399/callback — the exact URI the provider has registered, so neither the port nor the path
// can move. The CLI has no client secret (the provider's application is a web application; the fleet holds it),
// so the code goes to the fleet's token broker, which redeems it and verifies the id_token and its nonce.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { OIDC_SCOPES } from '@ssg/contracts/fleet';
import * as oidc from 'openid-client';
import type { FleetClient, SsoTokens } from './fleet-client';
import type { SsoSettings } from './fleet-settings';
import { SsoLoginError } from './login-error';

export const CLI_CALLBACK_PORT = 8399;
export const CLI_CALLBACK_PATH = '/callback';
/** Scopes the spec's provider set-up allows (an access policy for at least openid, email, profile). */

export interface BrowserLoginOptions {
  fleet: FleetClient;
  /** Called with the URL to open before the browser is asked to: print it for headless machines. */
  onAuthorizationUrl?: (url: URL) => void;
  /** Opens the system browser; a failure only leaves the printed URL. */
  openBrowser?: (url: URL) => unknown;
  /** Stops the sign-in (Ctrl+C). */
  signal?: AbortSignal;
  /** 8399 by the spec; tests of this module alone may use 0 (any free port). */
  port?: number;
  timeoutMs?: number;
}

export async function loginInBrowser(
  settings: Pick<SsoSettings, 'issuer' | 'clientId' | 'orgId'>,
  {
    fleet,
    onAuthorizationUrl,
    openBrowser,
    signal,
    port = CLI_CALLBACK_PORT,
    timeoutMs = 300_000,
  }: BrowserLoginOptions,
): Promise<SsoTokens> {
  signal?.throwIfAborted();
  const config = await discover(settings);
  const server = await listenOnLoopback(port);
  try {
    const redirectUri = `http://127.0.0.1:${(server.address() as { port: number }).port}${CLI_CALLBACK_PATH}`;
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: OIDC_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const issuer = config.serverMetadata().issuer;
    const callback = waitForCallback(server, async (query) => {
      if (query.get('state') !== state) {
        throw new SsoLoginError(
          'state-mismatch',
          'the sign-in came back with a state this sign-in did not send (an old browser tab, or a forged request); ' +
            'nothing was signed in: run the sign-in again',
        );
      }
      const returnedIssuer = query.get('iss');
      if (returnedIssuer !== null && returnedIssuer !== issuer) {
        throw new SsoLoginError(
          'provider-error',
          `the sign-in came back from ${returnedIssuer}, not from ${issuer}; nothing was signed in`,
        );
      }
      const error = query.get('error');
      if (error === 'access_denied') {
        throw new SsoLoginError('cancelled', 'the sign-in was cancelled at the identity provider');
      }
      if (error !== null) {
        const description = query.get('error_description');
        throw new SsoLoginError(
          'provider-error',
          `the identity provider refused the sign-in: ${error}${description ? ` (${description})` : ''}`,
        );
      }
      const code = query.get('code');
      if (!code)
        throw new SsoLoginError('provider-error', 'the identity provider sent the browser back without a code');
      return fleet.exchangeCode(settings, { code, codeVerifier, redirectUri, nonce });
    });
    const outcome = withDeadline(callback, timeoutMs, signal);
    onAuthorizationUrl?.(authorizationUrl);
    // Not awaited: the sign-in may come back before the browser's launcher returns.
    void Promise.resolve()
      .then(() => openBrowser?.(authorizationUrl))
      .catch(() => {
        // The URL was handed to onAuthorizationUrl; the person can open it.
      });
    return await outcome;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function discover({ issuer, clientId }: Pick<SsoSettings, 'issuer' | 'clientId'>): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  try {
    return await oidc.discovery(url, clientId, undefined, oidc.None(), {
      // Plain http only for a provider on this machine (a test provider, a local development set-up).
      execute: url.protocol === 'http:' && isLoopback(url.hostname) ? [oidc.allowInsecureRequests] : [],
      timeout: 30,
    });
  } catch (error) {
    throw new SsoLoginError(
      'discovery-failed',
      `the identity provider at ${issuer} cannot be used: its discovery document ` +
        `(${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration) could not be read (${(error as Error).message})`,
    );
  }
}

const isLoopback = (host: string): boolean => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

function listenOnLoopback(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') {
        reject(error);
        return;
      }
      reject(
        new SsoLoginError(
          'port-in-use',
          `port ${port} on 127.0.0.1 is taken, and the sign-in needs it: the identity provider only sends the browser ` +
            `back to exactly http://127.0.0.1:${port}/callback. Find what holds it (\`lsof -i :${port}\` on macOS ` +
            `and Linux, \`netstat -ano | findstr :${port}\` on Windows) and stop it, or sign in with --device ` +
            'instead (a code to enter on another device, where the provider offers it).',
        ),
      );
    });
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * The outcome of the first request to the callback path: `finish` turns its query into tokens (or throws why not);
 * the browser gets a page that says which. Other paths get a 404 and change nothing.
 */
function waitForCallback(server: Server, finish: (query: URLSearchParams) => Promise<SsoTokens>): Promise<SsoTokens> {
  let settled = false;
  return new Promise((resolve, reject) => {
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method !== 'GET' || url.pathname !== CLI_CALLBACK_PATH) {
        void sendPage(response, 404, 'Not found', 'This is ssg’s sign-in callback; nothing is here.');
        return;
      }
      if (settled) {
        void sendPage(response, 409, 'Already finished', 'This sign-in has already finished; you can close this tab.');
        return;
      }
      settled = true;
      // Settled once the page is out: the server closes every connection right after.
      finish(url.searchParams).then(
        (tokens) => {
          // The provider vouched for the email; whether the fleet takes it (a member? a licence?) is decided next,
          // and shown where the sign-in was started.
          const page =
            `ssg is finishing the sign-in of ${tokens.email} with your organization's fleet: see the terminal ` +
            'or the ssg dashboard for the result. You can close this tab.';
          void sendPage(response, 200, 'Signed in at the identity provider', page).then(() => resolve(tokens));
        },
        (error: unknown) => {
          const page = `ssg could not sign you in: ${(error as Error).message}`;
          void sendPage(response, 400, 'Not signed in', page).then(() => reject(error));
        },
      );
    });
  });
}

function withDeadline<T>(work: Promise<T>, timeoutMs: number, signal: AbortSignal | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // Whichever comes first settles it and clears the others: a timer left behind would hold the process open.
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const timer = setTimeout(() => {
      const seconds = Math.round(timeoutMs / 1000);
      const error = new SsoLoginError(
        'timeout',
        `no sign-in came back from the browser within ${seconds} seconds; run the sign-in again`,
      );
      settle(() => reject(error));
    }, timeoutMs);
    const onAbort = () => settle(() => reject(new SsoLoginError('aborted', 'the sign-in was stopped')));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

function sendPage(response: ServerResponse, status: number, title: string, text: string): Promise<void> {
  const page =
    `<!doctype html><html><head><meta charset="utf-8"><title>ssg: ${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto">` +
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'referrer-policy': 'no-referrer',
  });
  return new Promise((resolve) => {
    response.once('close', resolve);
    response.end(page, resolve);
  });
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
