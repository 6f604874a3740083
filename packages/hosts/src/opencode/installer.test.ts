import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { pluginFilePath } from '@ssg/node/resources';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { MARKDOWN_BLOCK_START } from '../config-edit/markdown-block';
import { OPENCODE_SERVER, opencodeInstaller } from './installer';

const CONFIG = 'project/opencode.json';
const PLUGIN = 'project/.opencode/plugins/ssg-governance.js';
const AGENTS = 'project/AGENTS.md';
const RULES = 'project/.ssg/rules/team.rules';
const RECORD = 'project/.ssg/opencode-permission.json';
const PUSH_RULE = 'rule no-push {\n  DENY execution\n  IF command STARTS_WITH "git push"\n}\n';
const REGEX_RULE = 'rule no-rm {\n  DENY execution\n  IF command REGEX "^rm"\n}\n';
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('opencode installer', () => {
  let fx: InstallFixture;
  beforeEach(() => {
    fx = new InstallFixture({ ssgHome: true });
  });
  afterEach(() => fx.cleanup());
  const install = (report = new InstallReport()) =>
    fx.withPath(true, () => opencodeInstaller.install(fx.target, report));
  const uninstall = () => opencodeInstaller.uninstall(fx.target, new InstallReport());

  const cases: Array<{ name: string; rules?: string; config?: string; agents?: string; want: unknown }> = [
    {
      name: 'no rules, no files',
      want: { mcp: { 'ssg-governance': OPENCODE_SERVER } },
    },
    {
      name: "rules, and the user's config and AGENTS.md",
      rules: PUSH_RULE + REGEX_RULE,
      config: json({
        $schema: 'https://opencode.ai/config.json',
        permission: { bash: { 'ls*': 'allow' }, edit: 'ask' },
      }),
      agents: '# Agents\n\nBe nice.\n',
      want: {
        $schema: 'https://opencode.ai/config.json',
        permission: { bash: { '*': 'allow', 'ls*': 'allow', 'git push*': 'deny' }, edit: 'ask' },
        mcp: { 'ssg-governance': OPENCODE_SERVER },
      },
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}: installs the three layers, once; uninstall gives the originals back`, () => {
      if (tc.rules !== undefined) fx.write(RULES, tc.rules);
      if (tc.config !== undefined) fx.write(CONFIG, tc.config);
      if (tc.agents !== undefined) fx.write(AGENTS, tc.agents);
      install();
      assert.equal(fx.read(CONFIG), json(tc.want));
      assert.equal(fx.read(PLUGIN), readFileSync(pluginFilePath('opencode'), 'utf8'));
      assert.ok(fx.read(AGENTS)!.startsWith(tc.agents ?? MARKDOWN_BLOCK_START));
      assert.match(fx.read(AGENTS)!, /ssg_evaluate/);
      const installed = fx.snapshot();
      install();
      assert.deepEqual(fx.snapshot(), installed);
      uninstall();
      assert.equal(fx.read(CONFIG), tc.config);
      assert.equal(fx.read(AGENTS), tc.agents);
      assert.equal(fx.read(PLUGIN), undefined);
      assert.equal(fx.read(RECORD), undefined);
      assert.equal(fx.read(RULES), tc.rules);
    });
  }

  it('replaces its own permission entries when the rules change, keeping those the user changed', () => {
    fx.write(RULES, PUSH_RULE);
    install();
    const config = JSON.parse(fx.read(CONFIG)!);
    config.permission.bash['git push*'] = 'ask';
    fx.write(CONFIG, json(config));
    fx.write(RULES, 'rule no-publish {\n  DENY execution\n  IF command EQUALS "npm publish"\n}\n');
    install();
    assert.deepEqual(JSON.parse(fx.read(CONFIG)!).permission, {
      bash: { '*': 'allow', 'git push*': 'ask', 'npm publish': 'deny' },
    });
    uninstall();
    assert.equal(fx.read(CONFIG), json({ permission: { bash: { 'git push*': 'ask' } } }));
  });

  it('reports the skipped rules and the license as manual steps', () => {
    fx.write(RULES, PUSH_RULE + REGEX_RULE);
    const report = new InstallReport();
    install(report);
    assert.match(report.manualSteps.join('\n'), /1 DENY\/ASK rule\(s\) have no exact OpenCode permission pattern/);
    assert.match(
      report.manualSteps.join('\n'),
      /needs an active ssg license \(ssg auth login --sso, or one at .*license\.jwt\)/,
    );
    fx.write('home/.ssg/license.jwt', 'x');
    const licensed = new InstallReport();
    install(licensed);
    assert.doesNotMatch(licensed.manualSteps.join('\n'), /license/);
  });

  const malformed: Array<[string, string]> = [
    [CONFIG, '{"mcp": '],
    [CONFIG, '{"mcp": []}'],
    [CONFIG, '{"permission": "allow"}'],
    [RECORD, '{"bash": "deny"}'],
  ];
  for (const [path, content] of malformed) {
    it(`refuses ${path.split('/').pop()} ${JSON.stringify(content)} and writes nothing`, () => {
      fx.write(path, content);
      const before = fx.snapshot();
      assert.throws(() => install(), ConfigFileError);
      assert.deepEqual(fx.snapshot(), before);
    });
  }

  // OpenCode reads opencode.json and opencode.jsonc as JSON with comments: ssg keeps the comments.
  for (const file of [CONFIG, 'project/opencode.jsonc']) {
    it(`edits ${file.split('/').pop()} with comments and a trailing comma in place`, () => {
      fx.write(file, '{\n  // team settings\n  "$schema": "https://opencode.ai/config.json",\n}\n');
      install();
      const installed = fx.read(file)!;
      assert.match(installed, /\/\/ team settings/);
      assert.match(installed, /"ssg-governance"/);
      if (file !== CONFIG) assert.equal(fx.read(CONFIG), undefined);
      assert.deepEqual(
        opencodeInstaller.problems(fx.target).filter((problem) => problem.includes('MCP server')),
        [],
      );
      uninstall();
      assert.doesNotMatch(fx.read(file)!, /ssg-governance/);
      assert.match(fx.read(file)!, /\/\/ team settings/);
    });
  }

  it('keeps a plugin the user changed on uninstall', () => {
    install();
    fx.write(PLUGIN, '// mine\n');
    uninstall();
    assert.equal(fx.read(PLUGIN), '// mine\n');
  });

  it('is healthy with the server, the plugin, a license and ssg on PATH', () => {
    const problems = (ssgOnPath = true) => fx.withPath(ssgOnPath, () => opencodeInstaller.problems(fx.target));
    assert.equal(problems().length, 3);
    install();
    assert.match(problems().join('\n'), /^no ssg license: no license at .*license\.jwt, and no SSO sign-in/);
    fx.write('home/.ssg/hosts.toml', '[sso]\nemail = "ada@acme.test"\n\n[license]\ntoken = "x.y.z"\n');
    assert.deepEqual(problems(), [], 'the SSO sign-in’s licence counts');
    fx.write('home/.ssg/hosts.toml', '[sso]\nemail = "ada@acme.test"\n');
    fx.write('home/.ssg/license.jwt', 'x');
    assert.deepEqual(problems(), []);
    assert.deepEqual(problems(false), ['`ssg` is not on PATH, so the plugin cannot judge calls']);
    fx.write(PLUGIN, 'stale');
    assert.match(problems().join('\n'), /differs from the plugin this ssg ships/);
    fx.write(CONFIG, '{oops');
    assert.match(problems().join('\n'), /not valid JSON/);
  });
});
