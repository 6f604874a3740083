// `ssg auth login --sso`: the person signs in at the organization's identity provider (in a browser, or with a
// code on another device), the fleet redeems the sign-in (it holds the application's client secret), opens an
// 8-hour session for this machine and issues the licence; all of it is saved only once every step succeeded, so a
// refused or cancelled sign-in leaves the machine as it was.
import { hostname } from 'node:os';
import { createInterface } from 'node:readline/promises';
import { parseCommandArgs } from '../../cli/args';
import { usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { ssgHome } from '@ssg/node/home';
import { licenseIssuerPath } from '@ssg/node/license/issuer-key';
import { loginInBrowser } from '@ssg/node/sso/browser-login';
import { loginWithDeviceCode, type UserCode } from '@ssg/node/sso/device-login';
import { FleetClient, FleetRequestError, type SsoTokens } from '@ssg/node/sso/fleet-client';
import { resolveSsoSettings, type SsoSettings } from '@ssg/node/sso/fleet-settings';
import { hostsFilePath } from '@ssg/node/sso/hosts-path';
import { completeSignIn } from '@ssg/node/sso/sign-in-flow';
import { tokenVault } from '@ssg/node/sso/token-vault';
import { formatTime, renderSignedIn, tokenStoreLabel } from './auth-report';
import { licenceState } from '@ssg/node/license/licence-state';
import { openBrowser } from '../../cli/open-browser';
import { withSsoErrors } from './sso-cli-errors';
import { startWaiting, type WaitingIndicator } from './waiting-indicator';

const OPTIONS = {
  sso: { type: 'boolean' },
  issuer: { type: 'string' },
  'client-id': { type: 'string' },
  'fleet-url': { type: 'string' },
  org: { type: 'string' },
  device: { type: 'boolean' },
  'no-browser': { type: 'boolean' },
} as const;

const say = (text: string): boolean => process.stdout.write(text);

export async function authLogin(argv: string[]): Promise<ExitCode> {
  const { values } = parseCommandArgs('auth', argv, OPTIONS);
  if (!values.sso) {
    throw usageError('`ssg auth login` needs --sso', 'run `ssg auth login --sso` (SSO is the only sign-in for now)');
  }
  if (values.device && values['no-browser']) {
    throw usageError('--device and --no-browser do not go together', '--device never opens a browser; drop one');
  }
  const home = ssgHome();
  const settings = await withSsoErrors(() =>
    resolveSsoSettings({
      flags: {
        issuer: values.issuer,
        clientId: values['client-id'],
        fleetUrl: values['fleet-url'],
        orgId: values.org,
      },
      env: process.env,
      home,
      prompt: process.stdin.isTTY && process.stdout.isTTY ? ask : undefined,
    }),
  );
  const fleet = new FleetClient(settings.fleetUrl, { machine: hostname() });

  const cancel = new AbortController();
  const onInterrupt = (): void => {
    cancel.abort();
    // Ctrl+C ends the command: the error is printed at once, and a timer the sign-in leaves behind (its 5-minute
    // deadline outlives an abort) must not keep the process waiting.
    setTimeout(() => process.exit(ExitCode.failures), 1000).unref();
  };
  process.once('SIGINT', onInterrupt);
  let tokens: SsoTokens;
  try {
    tokens = await withSsoErrors(() =>
      values.device
        ? signInWithCode(settings, fleet, cancel.signal)
        : signInInBrowser(settings, fleet, cancel.signal, !values['no-browser']),
    );
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }

  say(`Signed in at the identity provider as ${tokens.email}; opening a session at ${settings.fleetUrl}…\n`);
  const { signIn, licence, sessionToken } = await withSsoErrors(() =>
    completeSignIn(settings, tokens, { home, fleet, vault: tokenVault(process.env), now: Date.now() }),
  );
  const orgName = await fleet
    .organization(signIn.orgId, sessionToken)
    .then((org) => org.name)
    .catch((error: unknown) => {
      if (error instanceof FleetRequestError) return null;
      throw error;
    });

  say(renderSignedIn({ ...signIn, orgName }, { tier: licence.tier, expiresAt: licence.expires_at }));
  say(
    `Session until ${formatTime(signIn.sessionExpiresAt)}; tokens kept in ` +
      `${tokenStoreLabel(signIn.tokenStore, hostsFilePath(home))}.\n`,
  );
  // The sign-in stands; a licence this machine cannot verify (a fleet with its own signing key and no
  // license-issuer.json here) is for `ssg doctor` to explain, and worth saying now.
  const local = await licenceState(home);
  if (local.tier === null) {
    process.stderr.write(
      `Warning: ssg cannot use this licence here: ${local.problem}. A fleet that signs its own licences needs ` +
        `its issuer in ${licenseIssuerPath(home)} (ask its operator); \`ssg doctor\` shows the licence.\n`,
    );
  }
  return ExitCode.ok;
}

async function signInInBrowser(
  settings: SsoSettings,
  fleet: FleetClient,
  signal: AbortSignal,
  tryBrowser: boolean,
): Promise<SsoTokens> {
  const waitingMessage = 'Waiting for the browser… (Ctrl+C to cancel)';
  let waiting: WaitingIndicator | undefined;
  try {
    return await loginInBrowser(settings, {
      fleet,
      signal,
      onAuthorizationUrl(url) {
        say(`To sign in, open this URL in a browser on this machine:\n\n  ${url.href}\n\n`);
        if (tryBrowser) {
          say('Opening your browser…\n');
          openBrowser(url.href, (reason) => {
            waiting?.stop();
            say(`The browser did not open (${reason}): open the URL above yourself.\n`);
            waiting = startWaiting(waitingMessage);
          });
        } else {
          say(
            'The provider sends the browser back to http://127.0.0.1:8399/callback, on this machine. Over SSH, ' +
              'forward the port first (ssh -L 8399:127.0.0.1:8399 <host>), or use --device.\n',
          );
        }
        waiting = startWaiting(waitingMessage);
      },
    });
  } finally {
    waiting?.stop();
  }
}

async function signInWithCode(settings: SsoSettings, fleet: FleetClient, signal: AbortSignal): Promise<SsoTokens> {
  let waiting: WaitingIndicator | undefined;
  try {
    return await loginWithDeviceCode(settings, {
      fleet,
      signal,
      onUserCode(code: UserCode) {
        say(renderUserCode(code));
        waiting = startWaiting('Waiting for you to finish signing in… (Ctrl+C to cancel)');
      },
    });
  } finally {
    waiting?.stop();
  }
}

export function renderUserCode({ userCode, verificationUri, verificationUriComplete }: UserCode): string {
  const direct = verificationUriComplete ? `\nOr open ${verificationUriComplete}, which carries the code.\n` : '';
  return `To sign in, open ${verificationUri} on any device and enter the code:\n\n  ${userCode}\n${direct}\n`;
}

async function ask(question: string): Promise<string> {
  const lines = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await lines.question(question);
  } finally {
    lines.close();
  }
}
