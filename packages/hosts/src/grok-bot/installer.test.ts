import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { grokBotInstaller } from './installer';

const CONFIG = 'project/.grok/mcp.json';
const LOCAL = { command: 'ssg', args: ['mcp-server', '--client=grok-bot'] };
const HOSTED = { url: 'https://mcp.ssg.dev/mcp', headers: { Authorization: 'Bearer ${SSG_LICENSE_KEY}' } };
const USER = { command: 'other-mcp' };
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('grok-bot installer', () => {
  let fx: InstallFixture;
  const saved = { SSG_MCP_URL: process.env.SSG_MCP_URL, SSG_LICENSE_KEY: process.env.SSG_LICENSE_KEY };
  beforeEach(() => {
    fx = new InstallFixture();
    delete process.env.SSG_MCP_URL;
    delete process.env.SSG_LICENSE_KEY;
  });
  afterEach(() => {
    fx.cleanup();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  const install = (ssgOnPath: boolean, report = new InstallReport()) =>
    fx.withPath(ssgOnPath, () => grokBotInstaller.install(fx.target, report));
  const uninstall = () => grokBotInstaller.uninstall(fx.target, new InstallReport());

  const cases: Array<{ name: string; ssgOnPath: boolean; before?: string; want: string }> = [
    {
      name: 'ssg on PATH: the local server and the hosted fallback',
      ssgOnPath: true,
      want: json({ mcpServers: { 'ssg-governance-grok-bot': LOCAL, 'ssg-governance-grok-bot-hosted': HOSTED } }),
    },
    {
      name: 'ssg not on PATH: the hosted server only',
      ssgOnPath: false,
      want: json({ mcpServers: { 'ssg-governance-grok-bot-hosted': HOSTED } }),
    },
    {
      name: 'the user servers stay',
      ssgOnPath: true,
      before: json({ mcpServers: { mine: USER }, theme: 'dark' }),
      want: json({
        mcpServers: { mine: USER, 'ssg-governance-grok-bot': LOCAL, 'ssg-governance-grok-bot-hosted': HOSTED },
        theme: 'dark',
      }),
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}: installs, changes nothing the second time, uninstalls`, () => {
      if (tc.before !== undefined) fx.write(CONFIG, tc.before);
      install(tc.ssgOnPath);
      assert.equal(fx.read(CONFIG), tc.want);
      const installed = fx.snapshot();
      install(tc.ssgOnPath);
      assert.deepEqual(fx.snapshot(), installed);
      uninstall();
      assert.equal(fx.read(CONFIG), tc.before);
    });
  }

  it('pins --client=grok-bot, never --client=grok', () => {
    install(true);
    const args = JSON.parse(fx.read(CONFIG)!).mcpServers['ssg-governance-grok-bot'].args as string[];
    assert.ok(args.includes('--client=grok-bot'));
    assert.ok(!args.includes('--client=grok'));
  });

  it('points the fallback at SSG_MCP_URL and prints the license key step', () => {
    process.env.SSG_MCP_URL = 'http://localhost:8080/';
    const report = new InstallReport();
    install(false, report);
    assert.equal(
      JSON.parse(fx.read(CONFIG)!).mcpServers['ssg-governance-grok-bot-hosted'].url,
      'http://localhost:8080/mcp',
    );
    assert.match(report.render(), /Set SSG_LICENSE_KEY to your license key/);
  });

  const malformed = ['{"mcpServers": 1}', '{"a": }', '[{}]'];
  for (const content of malformed) {
    it(`refuses ${JSON.stringify(content)}, writing nothing`, () => {
      fx.write(CONFIG, content);
      assert.throws(() => install(true), ConfigFileError);
      assert.equal(fx.read(CONFIG), content);
    });
  }

  it('is healthy with the local server and ssg on PATH, or with the license key for the hosted one', () => {
    const problems = (ssgOnPath: boolean) => fx.withPath(ssgOnPath, () => grokBotInstaller.problems(fx.target));
    assert.match(problems(true).join('\n'), /mcp\.json does not exist/);
    install(true);
    assert.deepEqual(problems(true), []);
    assert.match(problems(false).join('\n'), /SSG_LICENSE_KEY is not set/);
    process.env.SSG_LICENSE_KEY = 'k';
    assert.deepEqual(problems(false), []);
  });

  it('installs the ssg-guardrails skill with its fail-closed and hands-off rules, and uninstall removes it', () => {
    const SKILL = 'project/.grok/skills/ssg-guardrails/SKILL.md';
    install(true);
    const skill = fx.read(SKILL) ?? '';
    assert.match(skill, /^---\nname: ssg-guardrails\n/);
    assert.match(skill, /Call `ssg_evaluate`/);
    for (const kind of ['destructive', 'about secrets', 'irreversible', 'rule-mutating']) {
      assert.match(skill, new RegExp(`- ${kind}`), kind);
    }
    assert.match(skill, /Create, edit, delete, sync or disable ssg's rules/);
    fx.withPath(true, () => assert.doesNotMatch(grokBotInstaller.problems(fx.target).join('\n'), /skill/));
    uninstall();
    assert.equal(fx.read(SKILL), undefined);
    assert.match(
      grokBotInstaller.problems(fx.target).join('\n'),
      /SKILL\.md does not exist|no the ssg-guardrails skill/,
    );
  });
});
