import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { evaluate } from '@ssg/engine/node';
import { findAcceptedProjectRules } from './accepted-project-rules';
import { loadRules } from './load';
import { acceptProjectRules } from './project-trust';
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
  acceptProjectRules(home, join(project, '.ssg', 'rules'));
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

  it("loads the project's accepted rules before user rules, files sorted, a BOM ignored", () => {
    const loaded = loadRules({ cwd: project, home });
    const accepted = findAcceptedProjectRules(project, home)!.rulesDir;
    assert.deepEqual(loaded.files, [
      join(accepted, 'a.rules'),
      join(accepted, 'b.rules'),
      join(home, 'rules', 'user.rules'),
    ]);
    assert.deepEqual(
      loaded.parsed.map((file) => file.project === true),
      [true, true, false],
    );
    // The project's layer only tightens: its ASK does not soften the user's DENY.
    assert.equal(evaluate(loaded.ruleset, call('deploy now'), { explain: false }).ruleId, 'user-rule');
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
    const dangling = join(home, 'rules', 'x.rules');
    symlinkSync(join(root, 'nowhere.rules'), dangling);
    try {
      assert.throws(
        () => loadRules({ cwd: project, home }),
        (e: unknown) => e instanceof RulesUnusableError && /x\.rules does not exist/.test(e.message),
      );
    } finally {
      rmSync(dangling);
    }
  });
});
