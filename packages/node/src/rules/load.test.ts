import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { evaluate } from '@ssg/engine/node';
import { loadRules } from './load';
import { RulesUnusableError } from './rules-unusable';

describe('loadRules', () => {
  const root = mkdtempSync(join(tmpdir(), 'ssg-load-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(project, '.ssg', 'rules'), { recursive: true });
  mkdirSync(join(home, 'rules'), { recursive: true });
  // Same priority everywhere: load order decides. The project's file comes before the user's.
  writeFileSync(
    join(project, '.ssg', 'rules', 'b.rules'),
    'rule project-b {\n  DENY execution\n  IF command CONTAINS "deploy"\n  MESSAGE "project b"\n}\n',
  );
  writeFileSync(
    join(project, '.ssg', 'rules', 'a.rules'),
    '\uFEFFrule project-a {\n  ASK execution\n  IF command CONTAINS "deploy"\n}\n\nrule broken {\n  DENY execution\n  IF command NEARLY "x"\n}\n',
  );
  writeFileSync(
    join(home, 'rules', 'user.rules'),
    'rule user-rule {\n  DENY execution\n  IF command CONTAINS "deploy"\n}\n\nrule user-only {\n  DENY read\n}\n',
  );

  const call = (command: string, capability: 'execute' | 'read' = 'execute') => ({
    tool: capability === 'read' ? 'Read' : 'Bash',
    input: { command },
    capability,
    client: 'claude-code',
  });

  it('loads project rules before user rules, files sorted, a BOM ignored', () => {
    const loaded = loadRules({ cwd: project, home });
    assert.deepEqual(
      loaded.files.map((file) => file.slice(root.length + 1)),
      ['project/.ssg/rules/a.rules', 'project/.ssg/rules/b.rules', 'home/rules/user.rules'],
    );
    assert.equal(evaluate(loaded.ruleset, call('deploy now'), { explain: false }).ruleId, 'project-a');
    assert.equal(evaluate(loaded.ruleset, call('', 'read'), { explain: false }).ruleId, 'user-only');
  });

  it('reports a parse error and keeps every other rule', () => {
    const loaded = loadRules({ cwd: project, home });
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    assert.ok(errors.length >= 1);
    assert.ok(errors.every((d) => d.file.endsWith('a.rules')));
    const ids = loaded.parsed.flatMap((file) => file.rules.map((rule) => rule.id));
    for (const id of ['project-a', 'project-b', 'user-rule', 'user-only']) assert.ok(ids.includes(id), id);
  });

  it('reports a rule file that cannot be read', () => {
    const dangling = join(root, 'dangling');
    mkdirSync(join(dangling, '.ssg', 'rules'), { recursive: true });
    symlinkSync(join(root, 'nowhere.rules'), join(dangling, '.ssg', 'rules', 'x.rules'));
    assert.throws(
      () => loadRules({ cwd: dangling, home }),
      (e: unknown) => e instanceof RulesUnusableError && /x\.rules does not exist/.test(e.message),
    );
  });
});
