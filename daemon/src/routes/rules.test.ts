// GET /api/json/rules over real HTTP: the rule files a folder meets with their rules and findings, the Sleep at
// Night bundle with its categories, and bad folders refused with a message.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RULES_PATH, type RulesResponse } from '@ssg/contracts/dashboard';
import { acceptProjectRules } from '@ssg/node/rules/project-trust';
import { TestDaemon } from '../testing/test-daemon';

describe('rules route', () => {
  let daemon: TestDaemon;
  const project = mkdtempSync(join(tmpdir(), 'ssg-rules-project-'));
  before(async () => {
    mkdirSync(join(project, '.ssg', 'rules'), { recursive: true });
    writeFileSync(
      join(project, '.ssg', 'rules', 'project.rules'),
      'rule no_env {\n  priority 50\n  severity error\n  DENY read\n  IF path REGEX "\\.env$"\n  MESSAGE "no .env"\n}\n',
    );
    writeFileSync(join(project, '.ssg', 'rules', 'broken.rules'), 'rule broken {\n  DENY nowhere\n');
    daemon = await TestDaemon.start();
    acceptProjectRules(daemon.home, join(project, '.ssg', 'rules'));
  });
  after(async () => {
    await daemon.stop();
    rmSync(project, { recursive: true, force: true });
  });

  test("a project's rule file with its rules and its parse findings", async () => {
    const response = await daemon.request<RulesResponse>('GET', `${RULES_PATH}?cwd=${encodeURIComponent(project)}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const file = response.body.files.find((entry) => entry.path.endsWith('project.rules'));
    assert.ok(file, JSON.stringify(response.body.files));
    assert.equal(file.acceptedFrom, join(realpathSync(project), '.ssg', 'rules', 'project.rules'));
    assert.deepEqual(response.body.projectRules, {
      state: 'accepted',
      folder: join(realpathSync(project), '.ssg', 'rules'),
    });
    assert.deepEqual(file.rules[0], {
      id: 'no_env',
      decision: 'block',
      target: 'read',
      priority: 50,
      severity: 'error',
      message: 'no .env',
      enabled: true,
    });
    assert.deepEqual(file.diagnostics, []);
    const broken = response.body.files.find((entry) => entry.path.endsWith('broken.rules'));
    assert.ok(broken?.diagnostics.some((diagnostic) => diagnostic.severity === 'error' && diagnostic.line >= 1));
  });

  test("a project's rules no person accepted are listed as such, and not applied", async () => {
    const other = mkdtempSync(join(tmpdir(), 'ssg-rules-other-'));
    try {
      mkdirSync(join(other, '.ssg', 'rules'), { recursive: true });
      writeFileSync(join(other, '.ssg', 'rules', 'x.rules'), 'rule x {\n  ALLOW any\n}\n');
      const response = await daemon.request<RulesResponse>('GET', `${RULES_PATH}?cwd=${encodeURIComponent(other)}`);
      assert.equal(response.status, 200);
      assert.equal(response.body.projectRules.state, 'untrusted');
      assert.ok(response.body.files.every((entry) => !entry.path.endsWith('x.rules')));
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  test('the Sleep at Night bundle: 10 rules with their categories', async () => {
    const response = await daemon.request<RulesResponse>('GET', RULES_PATH);
    assert.equal(response.status, 200);
    assert.equal(response.body.sleepBundle.length, 10);
    assert.deepEqual(response.body.sleepBundle[0], {
      ...response.body.sleepBundle[0],
      id: 'ssg_sleep_destructive_fs',
      category: 'destructive-ops',
      decision: 'block',
    });
    assert.ok(response.body.sleepBundle.every((rule) => rule.category !== '' && rule.message !== ''));
  });

  const bad: Array<[string, string, number, RegExp]> = [
    ['a relative cwd', '?cwd=project', 400, /cwd must be an absolute path/],
    ['a missing folder', `?cwd=${encodeURIComponent(join(project, 'nope'))}`, 400, /is not an existing folder/],
    ['a NUL byte', `?cwd=${encodeURIComponent('/tmp\0x')}`, 400, /NUL/],
    ['a huge path', `?cwd=/${'a'.repeat(5000)}`, 400, /must NOT have more than 4096 characters/],
    ['an unknown parameter', '?dir=/tmp', 400, /must NOT have additional properties/],
  ];
  for (const [name, query, status, message] of bad) {
    test(`${name} → ${status}`, async () => {
      const response = await daemon.request<{ message: string }>('GET', `${RULES_PATH}${query}`);
      assert.equal(response.status, status);
      assert.match(response.body.message, message);
    });
  }

  test('the token or a session is required', async () => {
    assert.equal((await daemon.request('GET', RULES_PATH, { token: false })).status, 401);
  });
});
