import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { HostsFileError, hostsFilePath, readHostsFile, type SignIn, type SignInTokens } from './hosts-file';
import {
  clearSignIn,
  loadLicence,
  loadSignIn,
  loadTokens,
  saveLicence,
  saveSignIn,
  SignInStoreError,
} from './sign-in-store';
import { type TokenVault, tokenVault, vaultAccount } from './token-vault';

const signIn: Omit<SignIn, 'tokenStore'> = {
  fleetUrl: 'https://fleet.example.com',
  issuer: 'https://idp.example.com',
  clientId: 'client-1',
  orgId: 'acme',
  email: 'dev@acme.test',
  role: 'member',
  sessionId: 'ses_1',
  sessionExpiresAt: 1_900_000_000_000,
  signedInAt: 1_899_990_000_000,
};
const tokens: SignInTokens = {
  idToken: 'eyJ.id-token-secret.sig',
  accessToken: 'access-token-secret',
  refreshToken: 'refresh-token-secret',
  sessionToken: 'ssg_session_secret',
};
const licence = { token: 'eyJ.licence.sig', tier: 'enterprise', expiresAt: 1_900_000_000_000 };

/** An in-memory keychain; `failing` makes every call throw the way a missing Secret Service does. */
class FakeVault implements TokenVault {
  readonly entries = new Map<string, string>();
  constructor(private readonly mode: 'works' | 'failing' | 'forgets' = 'works') {}
  read(account: string): string | undefined {
    if (this.mode === 'failing') throw new Error('Platform secure storage failure: no Secret Service');
    return this.mode === 'forgets' ? undefined : this.entries.get(account);
  }
  write(account: string, secret: string): void {
    if (this.mode === 'failing') throw new Error('Platform secure storage failure: no Secret Service');
    this.entries.set(account, secret);
  }
  delete(account: string): void {
    if (this.mode === 'failing') throw new Error('Platform secure storage failure: no Secret Service');
    this.entries.delete(account);
  }
}

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'ssg-sign-in-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const fileText = () => readFileSync(hostsFilePath(home), 'utf8');
const SECRETS = Object.values(tokens).filter((value): value is string => value !== null);

describe('the sign-in store', () => {
  it('keeps the tokens in the keychain, and none of them in hosts.toml', () => {
    const vault = new FakeVault();
    const saved = saveSignIn(home, signIn, tokens, { vault });
    assert.equal(saved.tokenStore, 'keychain');
    for (const secret of SECRETS) assert.ok(!fileText().includes(secret), 'a token is in hosts.toml');
    assert.deepEqual([...vault.entries.keys()], [vaultAccount(signIn.fleetUrl, signIn.email)]);
    assert.deepEqual(loadTokens(home, { vault }), tokens);
    assert.deepEqual(loadSignIn(home), saved);
  });

  it('falls back to hosts.toml when the keychain fails, or does not give back what it took', () => {
    for (const vault of [new FakeVault('failing'), new FakeVault('forgets')]) {
      const saved = saveSignIn(home, signIn, tokens, { vault });
      assert.equal(saved.tokenStore, 'file');
      assert.deepEqual(loadTokens(home, { vault }), tokens);
      assert.equal(vault.entries.size, 0);
    }
  });

  it('keeps the tokens in hosts.toml without a keychain (SSG_TOKEN_STORE=file)', () => {
    const vault = tokenVault({ SSG_TOKEN_STORE: 'file' });
    assert.equal(vault, undefined);
    assert.equal(saveSignIn(home, signIn, tokens, { vault }).tokenStore, 'file');
    assert.deepEqual(loadTokens(home, { vault }), tokens);
    assert.match(fileText(), /token_store = "file"/);
  });

  it("works with this machine's own keychain module: the keychain when it works, else the file", () => {
    // Here (Linux without a Secret Service) @napi-rs/keyring throws a D-Bus error: the file keeps the tokens.
    const vault = tokenVault({});
    const saved = saveSignIn(home, signIn, tokens, { vault });
    try {
      assert.deepEqual(loadTokens(home, { vault }), tokens);
      if (saved.tokenStore === 'keychain') {
        for (const secret of SECRETS) assert.ok(!fileText().includes(secret), 'a token is in hosts.toml');
      }
    } finally {
      clearSignIn(home, { vault });
    }
  });

  it('writes hosts.toml with mode 0600, and narrows a widened one on the next write', () => {
    saveSignIn(home, signIn, tokens, { vault: undefined });
    assert.equal(statSync(hostsFilePath(home)).mode & 0o777, 0o600);
    writeFileSync(hostsFilePath(home), fileText(), { mode: 0o644 });
    saveLicence(home, licence);
    assert.equal(statSync(hostsFilePath(home)).mode & 0o777, 0o600);
  });

  it('keeps the licence beside the sign-in, and a new sign-in of the same person keeps it', () => {
    saveSignIn(home, signIn, tokens, { vault: undefined });
    saveLicence(home, licence);
    assert.deepEqual(loadLicence(home), licence);
    saveSignIn(home, { ...signIn, sessionId: 'ses_2' }, tokens, { vault: undefined });
    assert.deepEqual(loadLicence(home), licence);
    saveSignIn(home, { ...signIn, email: 'other@acme.test' }, tokens, { vault: undefined });
    assert.equal(loadLicence(home), undefined, "another person's sign-in does not inherit the licence");
  });

  it("moves to the new person's keychain entry", () => {
    const vault = new FakeVault();
    saveSignIn(home, signIn, tokens, { vault });
    saveSignIn(home, { ...signIn, email: 'other@acme.test' }, tokens, { vault });
    assert.deepEqual([...vault.entries.keys()], [vaultAccount(signIn.fleetUrl, 'other@acme.test')]);
  });

  it('signs out: the keychain entry and hosts.toml go', () => {
    const vault = new FakeVault();
    saveSignIn(home, signIn, tokens, { vault });
    saveLicence(home, licence);
    assert.deepEqual(clearSignIn(home, { vault }), {});
    assert.equal(vault.entries.size, 0);
    assert.equal(loadSignIn(home), undefined);
    assert.equal(loadTokens(home, { vault }), undefined);
  });

  it('says why the tokens cannot be had, without a token in the message', () => {
    const vault = new FakeVault();
    saveSignIn(home, signIn, tokens, { vault });
    const cases: Array<{ vault: TokenVault | undefined; message: RegExp }> = [
      { vault: undefined, message: /OS keychain, which ssg is not using now/ },
      { vault: new FakeVault('failing'), message: /OS keychain cannot be read \(Platform secure storage failure/ },
      { vault: new FakeVault(), message: /OS keychain has no ssg sign-in for dev@acme\.test/ },
    ];
    for (const tc of cases) {
      assert.throws(
        () => loadTokens(home, { vault: tc.vault }),
        (error: unknown) => {
          assert.ok(error instanceof SignInStoreError);
          assert.match(error.message, tc.message);
          assert.match(error.message, /ssg auth login --sso/);
          return true;
        },
      );
    }
  });

  const malformed: Array<{ name: string; text: string; problem: RegExp }> = [
    { name: 'not TOML', text: '[sso\nemail = ', problem: /is not valid TOML/ },
    {
      name: 'a number for a string',
      text: '[license]\ntoken = 5\ntier = "pro"\nexpires_at = 1\n',
      problem: /\[license\] token must be a string/,
    },
    { name: 'a table that is a string', text: 'sso = "x"\n', problem: /\[sso\] must be a table/ },
    {
      name: 'an unknown token store',
      text: readableSso().replace('token_store = "file"', 'token_store = "cloud"'),
      problem: /token_store must be "keychain" or "file"/,
    },
    {
      name: 'a missing time',
      text: readableSso().replace(/signed_in_at = \d+\n/, ''),
      problem: /\[sso\] signed_in_at must be an integer/,
    },
  ];
  for (const tc of malformed) {
    it(`names the file and the problem of a malformed hosts.toml: ${tc.name}`, () => {
      writeFileSync(hostsFilePath(home), tc.text);
      assert.throws(
        () => loadSignIn(home),
        (error: unknown) => {
          assert.ok(error instanceof HostsFileError);
          assert.ok(error.message.startsWith(hostsFilePath(home)), error.message);
          assert.match(error.message, tc.problem);
          return true;
        },
      );
    });
  }

  it('replaces a malformed hosts.toml at the next sign-in, and signs out of one', () => {
    writeFileSync(hostsFilePath(home), '[[[ not toml');
    saveSignIn(home, signIn, tokens, { vault: undefined });
    assert.equal(loadSignIn(home)?.email, signIn.email);
    writeFileSync(hostsFilePath(home), '[[[ not toml');
    clearSignIn(home, { vault: undefined });
    assert.equal(loadSignIn(home), undefined);
  });
});

/** A valid hosts.toml with its tokens in the file, as text. */
function readableSso(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-sign-in-text-'));
  try {
    saveSignIn(dir, signIn, tokens, { vault: undefined });
    return readFileSync(hostsFilePath(dir), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('hosts.toml under kill -9', () => {
  // A writer that saves two different sign-ins in turn (tokens large enough that each write takes a while), and
  // says "w" after each; it is killed at some point during its writes, five times over.
  const writer = `
    import { saveSignIn } from ${JSON.stringify(join(import.meta.dirname, 'sign-in-store.ts'))};
    const [home] = process.argv.slice(-1);
    const big = (c) => c.repeat(512 * 1024);
    const base = ${JSON.stringify(signIn)};
    for (let i = 0; ; i++) {
      const who = i % 2 === 0 ? 'a@acme.test' : 'b@acme.test';
      const t = { idToken: big(who[0]), accessToken: big('x'), refreshToken: null, sessionToken: big('s') };
      saveSignIn(home, { ...base, email: who }, t, { vault: undefined });
      process.stdout.write('w');
    }
  `;

  it('leaves the old or the new file, never half of one', async () => {
    const script = join(home, 'writer.mts');
    writeFileSync(script, writer);
    for (let round = 0; round < 5; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', script, home], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let writes = 0;
      await new Promise<void>((resolve, reject) => {
        child.once('error', reject);
        child.once('exit', (code) => reject(new Error(`the writer exited by itself (${code})`)));
        child.stdout.on('data', (chunk: Buffer) => {
          writes += chunk.length;
          // Killed while its next write is under way: at a different point of it each round.
          if (writes > round) {
            child.removeAllListeners('exit');
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }
        });
      });
      const file = readHostsFile(home);
      assert.ok(file.sso?.email === 'a@acme.test' || file.sso?.email === 'b@acme.test', `round ${round}`);
      assert.equal(file.tokens?.idToken, file.sso.email[0]!.repeat(512 * 1024));
      assert.equal(statSync(hostsFilePath(home)).mode & 0o777, 0o600);
    }
  });
});
