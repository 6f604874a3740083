// `ssg auth …` and `ssg fleet status` as the built CLI runs them, in throwaway homes holding a sign-in
// (hosts.toml, tokens in the file), against a stand-in fleet on a real loopback HTTP server that records what it
// was sent. The sign-in itself, through a real provider and the real fleet, is e2e/browser/cli-sso-login.spec.ts.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
import { type HostsFile, writeHostsFile } from '@ssg/node/sso/hosts-file';
import { type CliRun, ensureBuilt, ssgBin, Workspace } from '@ssg/testing/cli-harness';
import { spawn as spawnPty } from 'node-pty';

const HOUR = 3600_000;
const issuer = newTestIssuer();
const licence = (tier: string) =>
  mintLicense(issuer.privateKey, {
    iss: 'test-issuer',
    sub: 'ada@acme.test',
    tier,
    exp: Math.floor(Date.now() / 1000) + 30 * 24 * 3600,
  });
const jwt = (payload: Record<string, unknown>) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`;
const idToken = (expiresInMs: number, n = 1) =>
  jwt({ iss: 'https://idp.test', email: 'ada@acme.test', n, exp: Math.floor((Date.now() + expiresInMs) / 1000) });

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** The fleet's endpoints `ssg auth` and `ssg fleet status` call, answering as the real one does. */
class StandInFleet {
  readonly seen: Seen[] = [];
  tier = 'enterprise';
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<StandInFleet> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fleet = new StandInFleet(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const path = request.url ?? '/';
        fleet.seen.push({
          method: request.method ?? '',
          path,
          authorization: request.headers.authorization,
          headers: request.headers,
          body: text === '' ? undefined : JSON.parse(text),
        });
        const [status, body] = fleet.answer(`${request.method} ${path}`, text === '' ? {} : JSON.parse(text));
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      });
    });
    return fleet;
  }

  private answer(route: string, body: Record<string, unknown>): [number, unknown] {
    switch (route) {
      case 'GET /health':
        return [200, { ok: true }];
      case 'GET /api/license':
        return [
          200,
          { license: licence(this.tier), tier: this.tier, expires_at: Date.now() + 30 * 24 * HOUR, org_id: 'org_acme' },
        ];
      case 'POST /api/v1/sso/oidc/token':
        return body.grant_type === 'refresh_token'
          ? [
              200,
              {
                id_token: idToken(HOUR, 2),
                access_token: 'access-2',
                refresh_token: null,
                expires_in: 3600,
                email: 'ada@acme.test',
              },
            ]
          : [400, { error: 'unsupported_grant_type', message: 'no' }];
      case 'DELETE /api/v1/sessions/current':
        return [204, undefined];
      case 'GET /api/v1/orgs/org_acme':
        return [
          200,
          {
            org_id: 'org_acme',
            name: 'Acme',
            sso_domain: 'acme.test',
            sso: { provider: 'oidc', issuer_url: 'https://idp.test', client_id: 'cli-app' },
            created_at: 0,
          },
        ];
      default:
        return [404, { error: 'not_found', message: `no route ${route}` }];
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let fleet: StandInFleet;
/** Every output of every run, searched for tokens at the end (`ssg auth token`'s stdout left out). */
const outputs: string[] = [];
// The id_tokens' header, too: every id_token here starts with it (the licences' header differs).
const TOKENS = ['access-1', 'access-2', 'refresh-1', 'ssg_session_secret', 'eyJhbGciOiJSUzI1NiJ9'];

function signedIn(
  ws: Workspace,
  changes: { idToken?: string; refreshToken?: string | null; session?: number; tier?: string } = {},
) {
  trustTestIssuer(ws.home, issuer);
  const hosts: HostsFile = {
    sso: {
      fleetUrl: fleet.url,
      issuer: 'https://idp.test',
      clientId: 'cli-app',
      orgId: 'org_acme',
      email: 'ada@acme.test',
      role: 'org_admin',
      sessionId: 'ses_1',
      sessionExpiresAt: Date.now() + (changes.session ?? 8 * HOUR),
      signedInAt: Date.now(),
      tokenStore: 'file',
    },
    tokens: {
      idToken: changes.idToken ?? idToken(HOUR),
      accessToken: 'access-1',
      refreshToken: changes.refreshToken === undefined ? 'refresh-1' : changes.refreshToken,
      sessionToken: 'ssg_session_secret',
    },
    license: {
      token: licence(changes.tier ?? 'free'),
      tier: changes.tier ?? 'free',
      expiresAt: Date.now() + 30 * 24 * HOUR,
    },
  };
  writeHostsFile(ws.home, hosts);
}

/** Without blocking: the stand-in fleet answers from this process's event loop. */
async function ssg(
  ws: Workspace,
  args: string[],
  { printsToken = false, env = {} }: { printsToken?: boolean; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const run = await ws.runAsync(args, { env: { SSG_TOKEN_STORE: 'file', ...env } });
  if (!printsToken) outputs.push(run.stdout);
  outputs.push(run.stderr);
  return run;
}

/** A loopback URL nothing listens on (fetch refuses port 1 outright, before trying). */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

function withWorkspace(test: (ws: Workspace) => unknown | Promise<unknown>) {
  return async () => {
    const ws = new Workspace();
    try {
      await test(ws);
    } finally {
      ws.cleanup();
    }
  };
}

describe('ssg auth and ssg fleet (built CLI)', () => {
  before(async () => {
    ensureBuilt();
    fleet = await StandInFleet.start();
  });
  after(() => fleet.close());

  for (const [args, message] of [
    [['auth'], /^ssg auth: missing subcommand — use `ssg auth login --sso`/],
    [['auth', 'whoami'], /^ssg auth: unknown subcommand 'whoami'/],
    [['auth', 'login'], /^ssg auth: `ssg auth login` needs --sso/],
    [['auth', 'login', '--sso', '--device', '--no-browser'], /--device and --no-browser do not go together/],
    [['auth', 'login', '--sso', '--issuer'], /option --issuer needs a value/],
    [
      ['auth', 'login', '--sso'],
      /SSO sign-in needs the identity provider \(--issuer=<issuer_url> or SSG_SSO_ISSUER\) and the client id/,
    ],
    [['auth', 'status', 'now'], /unexpected argument 'now'/],
    [['fleet'], /^ssg fleet: missing subcommand — use `ssg fleet status`/],
  ] as const) {
    it(
      `refuses \`ssg ${args.join(' ')}\` as a usage error`,
      withWorkspace(async (ws) => {
        const run = await ssg(ws, [...args]);
        assert.equal(run.status, 2, run.stderr);
        assert.match(run.stderr, message);
      }),
    );
  }

  it(
    'on a terminal, asks for the issuer and client id it was given nowhere',
    withWorkspace(async (ws) => {
      const dead = await deadUrl();
      const pty = spawnPty(
        process.execPath,
        [ssgBin, 'auth', 'login', '--sso', '--no-browser', `--fleet-url=${dead}`],
        {
          cwd: ws.project,
          env: ws.env({ SSG_TOKEN_STORE: 'file' }) as Record<string, string>,
        },
      );
      let screen = '';
      const answered = new Set<string>();
      pty.onData((data) => {
        screen += data;
        for (const [question, answer] of [
          ['Identity provider (issuer URL): ', dead],
          ['Client id of the SSO application: ', 'cli-app'],
        ] as const) {
          if (screen.includes(question) && !answered.has(question)) {
            answered.add(question);
            pty.write(`${answer}\r`);
          }
        }
      });
      const exitCode = await new Promise<number>((resolve) => pty.onExit(({ exitCode: code }) => resolve(code)));
      outputs.push(screen);
      assert.equal(answered.size, 2, screen);
      assert.equal(exitCode, 1, screen);
      assert.match(screen, new RegExp(`the identity provider at ${dead} cannot be used: its discovery document`));
    }),
  );

  it(
    'lists auth and fleet, and explains the fixed port',
    withWorkspace(async (ws) => {
      assert.match((await ssg(ws, ['help'])).stdout, /^ {2}auth +sign in to your organization’s fleet with SSO/m);
      assert.match((await ssg(ws, ['help'])).stdout, /^ {2}fleet +show the fleet and organization/m);
      const help = (await ssg(ws, ['auth', '--help'])).stdout;
      assert.match(help, /http:\/\/127\.0\.0\.1:8399\/callback/);
      assert.match(help, /ssh -L 8399:127\.0\.0\.1:8399/);
      assert.match((await ssg(ws, ['fleet', 'status', '--help'])).stdout, /^Usage: ssg fleet status/);
    }),
  );

  it(
    'signed out: status and token say so and exit 1, logout has nothing to do',
    withWorkspace(async (ws) => {
      const status = await ssg(ws, ['auth', 'status']);
      assert.equal(status.status, 1);
      assert.match(status.stdout, /^Not signed in\. Run `ssg auth login --sso`/);
      assert.deepEqual(JSON.parse((await ssg(ws, ['auth', 'status', '--json'])).stdout).signedIn, false);
      const token = await ssg(ws, ['auth', 'token'], { printsToken: true });
      assert.deepEqual([token.status, token.stdout], [1, '']);
      assert.equal(token.stderr, 'ssg auth: not signed in — sign in with `ssg auth login --sso`\n');
      assert.equal((await ssg(ws, ['auth', 'refresh'])).status, 1);
      const logout = await ssg(ws, ['auth', 'logout']);
      assert.deepEqual([logout.status, logout.stdout], [0, 'Not signed in; nothing to sign out of.\n']);
    }),
  );

  it(
    'status shows the sign-in and the verified licence, and never a token',
    withWorkspace(async (ws) => {
      signedIn(ws, { tier: 'enterprise' });
      const status = await ssg(ws, ['auth', 'status']);
      assert.equal(status.status, 0, status.stderr);
      assert.match(status.stdout, /^user {7}ada@acme\.test \(org_admin\)$/m);
      assert.match(status.stdout, /^licence {4}ENTERPRISE until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m);
      assert.match(status.stdout, /^tokens {5}.*hosts\.toml \(mode 0600\)$/m);
      const json = JSON.parse((await ssg(ws, ['auth', 'status', '--json'])).stdout);
      assert.deepEqual(
        {
          ...json,
          sessionExpiresAt: typeof json.sessionExpiresAt,
          licence: { ...json.licence, expiresAt: typeof json.licence.expiresAt },
        },
        {
          signedIn: true,
          email: 'ada@acme.test',
          orgId: 'org_acme',
          role: 'org_admin',
          fleetUrl: fleet.url,
          issuer: 'https://idp.test',
          clientId: 'cli-app',
          sessionExpiresAt: 'number',
          sessionExpired: false,
          tokenStore: 'file',
          licence: { tier: 'enterprise', expiresAt: 'number', source: 'sso' },
        },
      );
    }),
  );

  it(
    'token prints the session token alone, and refuses once the session ended',
    withWorkspace(async (ws) => {
      signedIn(ws);
      const token = await ssg(ws, ['auth', 'token'], { printsToken: true });
      assert.deepEqual([token.status, token.stdout, token.stderr], [0, 'ssg_session_secret\n', '']);
      signedIn(ws, { session: -1000 });
      const ended = await ssg(ws, ['auth', 'token'], { printsToken: true });
      assert.deepEqual([ended.status, ended.stdout], [1, '']);
      assert.match(
        ended.stderr,
        /^ssg auth: the session of ada@acme\.test ended at .* — sign in again with `ssg auth login --sso`/,
      );
    }),
  );

  for (const [args, action] of [
    [['auth', 'token'], 'print the fleet session token'],
    [['auth', 'logout'], 'sign this machine out of the fleet'],
  ] as const) {
    it(
      `\`ssg ${args.join(' ')}\` under an agent host needs a person at the terminal`,
      withWorkspace(async (ws) => {
        signedIn(ws);
        fleet.seen.length = 0;
        const run = await ssg(ws, [...args], { env: { CLAUDECODE: '1' } });
        assert.deepEqual([run.status, run.stdout], [6, '']);
        assert.match(run.stderr, new RegExp(`^ssg auth: refused to ${action}: this runs under Claude Code`));
        assert.equal(existsSync(join(ws.home, 'hosts.toml')), true);
        assert.deepEqual(fleet.seen, []);
      }),
    );
  }

  for (const [name, changes, proof] of [
    ['the id_token while it is valid', {}, 'id_token'],
    ['a new id_token through the broker once it is over', { idToken: idToken(-HOUR) }, 'refreshed id_token'],
    [
      'the session token once the id_token is over and there is no refresh token',
      { idToken: idToken(-HOUR), refreshToken: null },
      'session token',
    ],
  ] as const) {
    it(
      `refresh proves the email with ${name}, and shows the new tier`,
      withWorkspace(async (ws) => {
        signedIn(ws, changes);
        const idBefore = readFileSync(join(ws.home, 'hosts.toml'), 'utf8').match(/id_token = "([^"]+)"/)![1];
        fleet.seen.length = 0;
        const run = await ssg(ws, ['auth', 'refresh']);
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, /^Licence re-checked: FREE → ENTERPRISE until /);
        const asked = fleet.seen.find((seen) => seen.path === '/api/license')!;
        assert.equal(asked.headers['x-auth-method'], 'sso');
        assert.equal(asked.headers['x-sso-email'], 'ada@acme.test');
        const hosts = readFileSync(join(ws.home, 'hosts.toml'), 'utf8');
        const expected = {
          id_token: `Bearer ${idBefore}`,
          'refreshed id_token': `Bearer ${hosts.match(/id_token = "([^"]+)"/)![1]}`,
          'session token': 'Bearer ssg_session_secret',
        }[proof];
        assert.equal(asked.authorization, expected);
        if (proof === 'refreshed id_token') {
          assert.deepEqual(fleet.seen[0]!.body, {
            grant_type: 'refresh_token',
            refresh_token: 'refresh-1',
            issuer: 'https://idp.test',
            client_id: 'cli-app',
            org_id: 'org_acme',
          });
          assert.match(
            hosts,
            /refresh_token = "refresh-1"/,
            'the provider sent no new refresh token: the old one stays',
          );
          assert.match(hosts, /access_token = "access-2"/);
        }
        assert.match(hosts, /tier = "enterprise"/);
        assert.match((await ssg(ws, ['auth', 'status'])).stdout, /^licence {4}ENTERPRISE until /m);
      }),
    );
  }

  it(
    'refresh that stays free says what ENTERPRISE needs',
    withWorkspace(async (ws) => {
      signedIn(ws);
      fleet.tier = 'free';
      try {
        const run = await ssg(ws, ['auth', 'refresh']);
        assert.equal(run.status, 0, run.stderr);
        assert.match(
          run.stdout,
          /^Licence re-checked: FREE until .* \(tier unchanged\)\nENTERPRISE needs an active enterprise subscription/,
        );
      } finally {
        fleet.tier = 'enterprise';
      }
    }),
  );

  it(
    'logout ends the session at the fleet and removes hosts.toml',
    withWorkspace(async (ws) => {
      signedIn(ws);
      fleet.seen.length = 0;
      const run = await ssg(ws, ['auth', 'logout']);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(
        run.stdout,
        `Signed out ada@acme.test from org_acme at ${fleet.url}; the sign-in, its tokens and its licence are gone from this machine.\n`,
      );
      assert.deepEqual(
        fleet.seen.map((seen) => [seen.method, seen.path, seen.authorization]),
        [['DELETE', '/api/v1/sessions/current', 'Bearer ssg_session_secret']],
      );
      assert.equal(existsSync(join(ws.home, 'hosts.toml')), false);
    }),
  );

  it(
    'logout with the fleet out of reach still signs this machine out, and says so',
    withWorkspace(async (ws) => {
      signedIn(ws);
      const hosts = readFileSync(join(ws.home, 'hosts.toml'), 'utf8');
      const dead = await deadUrl();
      ws.write('ssg-home/hosts.toml', hosts.replaceAll(fleet.url, dead));
      const run = await ssg(ws, ['auth', 'logout']);
      assert.equal(run.status, 0, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(
          `^Warning: the fleet was not told \\(the fleet at ${dead} cannot be reached \\(ECONNREFUSED\\)\\); the session ends by itself at `,
        ),
      );
      assert.equal(existsSync(join(ws.home, 'hosts.toml')), false);
    }),
  );

  it(
    'fleet status shows the fleet, the organization and the sign-in',
    withWorkspace(async (ws) => {
      signedIn(ws, { tier: 'enterprise' });
      const run = await ssg(ws, ['fleet', 'status']);
      assert.equal(run.status, 0, run.stderr);
      const lines = run.stdout.trimEnd().split('\n');
      assert.deepEqual(lines.slice(0, 4), [
        `fleet       ${fleet.url} (answering)`,
        'org         org_acme (Acme)',
        'sso domain  acme.test',
        'provider    oidc at https://idp.test (client cli-app)',
      ]);
      assert.match(lines[4]!, /^signed in {3}ada@acme\.test \(org_admin\), session until .* UTC$/);
      assert.match(lines[5]!, /^licence {5}ENTERPRISE until /);
      const json = JSON.parse((await ssg(ws, ['fleet', 'status', '--json'])).stdout);
      assert.equal(json.org.sso_domain, 'acme.test');
      assert.equal(json.reachable, true);
    }),
  );

  it(
    'fleet status signed out names the configured fleet, and exits 1 when it does not answer',
    withWorkspace(async (ws) => {
      const dead = await deadUrl();
      ws.write(
        'ssg-home/fleet.toml',
        `fleet_url = "${dead}"\norg_id = "org_acme"\n[sso]\nissuer = "https://idp.test"\nclient_id = "cli-app"\n`,
      );
      const run = await ssg(ws, ['fleet', 'status']);
      assert.equal(run.status, 1);
      assert.match(
        run.stdout,
        new RegExp(
          `^fleet {7}${dead} \\(not answering\\)\nproblem {5}the fleet at .* cannot be reached \\(ECONNREFUSED\\)`,
        ),
      );
      assert.match(run.stdout, /^org {9}org_acme$/m);
      assert.match(run.stdout, /^signed in {3}no — `ssg auth login --sso`$/m);
    }),
  );

  for (const [name, changes, line, advice] of [
    [
      'an ENTERPRISE sign-in',
      { tier: 'enterprise' },
      /^license: enterprise \(until .*\) from the SSO sign-in \(ada@acme\.test, org_acme\)\n\n/m,
      [],
    ],
    [
      'a free sign-in',
      { tier: 'free' },
      /^license: free \(until .*\) from the SSO sign-in \(ada@acme\.test, org_acme\)\n {2}fix: free tier: ENTERPRISE needs/m,
      [/^free tier: ENTERPRISE needs an active enterprise subscription/],
    ],
    [
      'an ended session',
      { tier: 'enterprise', session: -HOUR },
      /^ {2}fix: the fleet session of ada@acme\.test ended /m,
      [/session of ada@acme\.test ended/],
    ],
  ] as const) {
    it(
      `doctor shows the licence's tier, source and what is wrong: ${name}`,
      withWorkspace(async (ws) => {
        signedIn(ws, changes);
        // A licence file too: the sign-in's licence is the one in force.
        ws.write('ssg-home/license.jwt', licence('pro'));
        const run = await ssg(ws, ['doctor']);
        assert.match(run.stdout, line);
        const json = JSON.parse((await ssg(ws, ['doctor', '--json'])).stdout).license;
        assert.equal(json.source, 'sso');
        assert.equal(json.advice.length, advice.length);
        advice.forEach((pattern, i) => assert.match(json.advice[i], pattern));
      }),
    );
  }

  it('printed no token anywhere but `ssg auth token`', () => {
    assert.ok(outputs.length > 40);
    for (const token of TOKENS) {
      for (const output of outputs) assert.equal(output.includes(token), false, `${token} in: ${output}`);
    }
  });
});
