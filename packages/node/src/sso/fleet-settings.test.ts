import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import {
  DEFAULT_FLEET_URL,
  fleetSettingsPath,
  resolveSsoSettings,
  type SsoSettingFlags,
  SsoSettingsError,
} from './fleet-settings';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'ssg-fleet-settings-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const FILE = `fleet_url = "https://file.fleet"
org_id = "file-org"

[sso]
issuer = "https://file.idp"
client_id = "file-client"
`;
const ENV = {
  SSG_SSO_ISSUER: 'https://env.idp',
  SSG_SSO_CLIENT_ID: 'env-client',
  SSG_FLEET_URL: 'https://env.fleet',
  SSG_FLEET_ORG: 'env-org',
};
const FLAGS: SsoSettingFlags = {
  issuer: 'https://flag.idp',
  clientId: 'flag-client',
  fleetUrl: 'https://flag.fleet',
  orgId: 'flag-org',
};
const prompt = async (question: string) =>
  question.startsWith('Identity provider') ? 'https://asked.idp' : 'asked-client';

describe('resolveSsoSettings', () => {
  const table: Array<{
    name: string;
    flags?: SsoSettingFlags;
    env?: NodeJS.ProcessEnv;
    file?: string;
    expected: { issuer: string; clientId: string; fleetUrl: string; orgId: string | null };
  }> = [
    {
      name: 'flags over everything',
      flags: FLAGS,
      env: ENV,
      file: FILE,
      expected: {
        issuer: 'https://flag.idp',
        clientId: 'flag-client',
        fleetUrl: 'https://flag.fleet',
        orgId: 'flag-org',
      },
    },
    {
      name: 'the environment over fleet.toml',
      env: ENV,
      file: FILE,
      expected: { issuer: 'https://env.idp', clientId: 'env-client', fleetUrl: 'https://env.fleet', orgId: 'env-org' },
    },
    {
      name: 'fleet.toml alone',
      file: FILE,
      expected: {
        issuer: 'https://file.idp',
        clientId: 'file-client',
        fleetUrl: 'https://file.fleet',
        orgId: 'file-org',
      },
    },
    {
      name: 'each value from its own first source',
      flags: { clientId: 'flag-client' },
      env: { SSG_FLEET_URL: 'https://env.fleet/', SSG_SSO_ISSUER: '  ' },
      file: FILE,
      expected: {
        issuer: 'https://file.idp',
        clientId: 'flag-client',
        fleetUrl: 'https://env.fleet',
        orgId: 'file-org',
      },
    },
    {
      name: 'asked for what is missing; the hosted fleet and no organization by default',
      flags: { clientId: 'flag-client' },
      expected: { issuer: 'https://asked.idp', clientId: 'flag-client', fleetUrl: DEFAULT_FLEET_URL, orgId: null },
    },
  ];
  for (const tc of table) {
    it(tc.name, async () => {
      if (tc.file) writeFileSync(fleetSettingsPath(home), tc.file);
      const settings = await resolveSsoSettings({ flags: tc.flags ?? {}, env: tc.env ?? {}, home, prompt });
      assert.deepEqual(settings, tc.expected);
    });
  }

  it('asks nothing when every value is known', async () => {
    const asked: string[] = [];
    await resolveSsoSettings({
      flags: {},
      env: ENV,
      home,
      prompt: async (q) => {
        asked.push(q);
        return '';
      },
    });
    assert.deepEqual(asked, []);
  });

  it('says what is missing when it cannot ask (no TTY)', async () => {
    await assert.rejects(resolveSsoSettings({ flags: { issuer: 'https://idp' }, env: {}, home }), (error: unknown) => {
      assert.ok(error instanceof SsoSettingsError);
      assert.match(error.message, /the client id \(--client-id=<client_id> or SSG_SSO_CLIENT_ID\)/);
      assert.doesNotMatch(error.message, /--issuer/);
      assert.ok(error.message.includes(fleetSettingsPath(home)));
      return true;
    });
  });

  it('refuses an empty answer and a value that is not a URL', async () => {
    await assert.rejects(
      resolveSsoSettings({ flags: {}, env: {}, home, prompt: async () => ' ' }),
      /needs both the issuer URL and the client id/,
    );
    await assert.rejects(
      resolveSsoSettings({ flags: { issuer: 'idp.example.com', clientId: 'c' }, env: {}, home }),
      /the issuer "idp\.example\.com" is not a URL/,
    );
    await assert.rejects(
      resolveSsoSettings({ flags: { issuer: 'ftp://idp', clientId: 'c' }, env: {}, home }),
      /not an http\(s\) URL/,
    );
  });

  const malformed: Array<{ name: string; text: string; problem: RegExp }> = [
    { name: 'not TOML', text: 'fleet_url = "https://x\n', problem: /is not valid TOML/ },
    { name: 'a number for the issuer', text: '[sso]\nissuer = 3\n', problem: /\[sso\] issuer must be a string/ },
    { name: 'sso not a table', text: 'sso = "https://idp"\n', problem: /\[sso\] must be a table/ },
  ];
  for (const tc of malformed) {
    it(`names fleet.toml and its problem: ${tc.name}`, async () => {
      writeFileSync(fleetSettingsPath(home), tc.text);
      await assert.rejects(resolveSsoSettings({ flags: FLAGS, env: {}, home, prompt }), (error: unknown) => {
        assert.ok(error instanceof SsoSettingsError);
        assert.ok(error.message.startsWith(fleetSettingsPath(home)), error.message);
        assert.match(error.message, tc.problem);
        return true;
      });
    });
  }
});
