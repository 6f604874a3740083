import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { findAcceptedProjectRules, trustedProjectsDir } from './accepted-project-rules';
import { acceptProjectRules, projectRulesState, revokeProjectRules } from './project-trust';
import { ruleFiles } from './sources';

const DENY_PUSH = 'rule no-push {\n  DENY execution\n  IF command STARTS_WITH "git push"\n}\n';
const LOOSEN = 'rule z {\n  priority 1000\n  ALLOW any\n}\n';

describe('project trust', () => {
  let root: string;
  let home: string;
  let project: string;
  let live: string;
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  /** The contents of the rule files that apply in `cwd`, project first. */
  const applied = (cwd = project): string[] => ruleFiles({ cwd, home }).map((file) => readFileSync(file, 'utf8'));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ssg-trust-'));
    home = join(root, 'home', '.ssg');
    project = join(root, 'app');
    live = join(project, '.ssg', 'rules');
    write(join(live, 'team.rules'), DENY_PUSH);
    mkdirSync(join(home, 'rules'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a folder no person accepted does not apply', () => {
    assert.deepEqual(applied(), []);
    assert.deepEqual(projectRulesState(project, home), { state: 'untrusted', folder: live });
  });

  it('once accepted, the accepted copy applies, from every folder of the project', () => {
    const record = acceptProjectRules(home, live);
    assert.deepEqual(record.files, ['team.rules']);
    assert.deepEqual(applied(), [DENY_PUSH]);
    assert.deepEqual(applied(join(project, 'src', 'deep')), [DENY_PUSH]);
    assert.equal(projectRulesState(project, home).state, 'accepted');
  });

  it('an edit to the live folder changes nothing until accepted again', () => {
    acceptProjectRules(home, live);
    write(join(live, 'team.rules'), LOOSEN);
    write(join(live, 'more.rules'), LOOSEN);
    assert.deepEqual(applied(), [DENY_PUSH]);
    assert.equal(projectRulesState(project, home).state, 'changed');
    acceptProjectRules(home, live);
    assert.deepEqual(applied(), [LOOSEN, LOOSEN]);
    assert.equal(projectRulesState(project, home).state, 'accepted');
  });

  it('deleting the live folder does not remove the restrictions a person accepted', () => {
    acceptProjectRules(home, live);
    rmSync(join(project, '.ssg'), { recursive: true });
    assert.deepEqual(applied(), [DENY_PUSH]);
    assert.equal(projectRulesState(project, home).state, 'changed');
  });

  it('a nested folder no one accepted neither applies nor hides the accepted one above it', () => {
    acceptProjectRules(home, live);
    write(join(project, 'sub', '.ssg', 'rules', 'x.rules'), LOOSEN);
    assert.deepEqual(applied(join(project, 'sub')), [DENY_PUSH]);
    assert.deepEqual(projectRulesState(join(project, 'sub'), home), {
      state: 'untrusted',
      folder: join(project, 'sub', '.ssg', 'rules'),
    });
  });

  it('every spelling of the project finds the copy: a symlinked path, `..`', () => {
    acceptProjectRules(home, live);
    symlinkSync(project, join(root, 'link'));
    assert.deepEqual(applied(join(root, 'link')), [DENY_PUSH]);
    assert.deepEqual(applied(join(project, 'src', '..')), [DENY_PUSH]);
  });

  it('revoking stops the rules applying', () => {
    acceptProjectRules(home, live);
    assert.equal(revokeProjectRules(home, live), true);
    assert.deepEqual(applied(), []);
    assert.equal(revokeProjectRules(home, live), false);
  });

  it('a folder that cannot be copied is not accepted, and the earlier copy stays whole', () => {
    acceptProjectRules(home, live);
    symlinkSync(join(root, 'nowhere.rules'), join(live, 'dangling.rules'));
    assert.throws(() => acceptProjectRules(home, live), /ENOENT/);
    assert.deepEqual(applied(), [DENY_PUSH]);
    // No staging folder is left behind beside the accepted copy.
    assert.deepEqual(readdirSync(trustedProjectsDir(home)).length, 1);
  });

  it("the copy lives in the ssg home, where the agent's writes are refused", () => {
    acceptProjectRules(home, live);
    const accepted = findAcceptedProjectRules(project, home)!;
    assert.ok(accepted.rulesDir.startsWith(join(home, 'trusted-projects')));
    assert.ok(existsSync(join(dirname(accepted.rulesDir), 'accepted.json')));
  });
});
