// The registry's promises: rule files are reused between checks, a change in a watched folder is seen at once,
// anything else within RECHECK_MS, and the watch layer recompiles and announces a change before any call.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { evaluate, type ToolCall } from '@ssg/engine/node';
import { acceptProjectRules } from '@ssg/node/rules/project-trust';
import { DaemonEvents } from '../events';
import { RECHECK_MS, RuleRegistry, type RuleSetSummary } from './rule-registry';
import { eventually } from '@ssg/testing/eventually';

const rule = (id: string, prefix: string) =>
  `rule ${id} {\n  DENY execution\n  IF command STARTS_WITH "${prefix}"\n}\n`;

describe('RuleRegistry', () => {
  let home: string;
  let project: string;
  let clock: number;
  let events: DaemonEvents;
  let registry: RuleRegistry;
  const call = (command: string): ToolCall => ({
    tool: 'Bash',
    input: { command },
    capability: 'execute',
    client: 'claude-code',
    cwd: project,
  });
  const decide = (command: string) => evaluate(registry.rulesFor(call(command)), call(command)).decision;

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'ssg-registry-'));
    project = join(home, 'project');
    mkdirSync(join(home, 'rules'), { recursive: true });
    mkdirSync(join(project, '.ssg', 'rules'), { recursive: true });
    writeFileSync(join(home, 'rules', 'user.rules'), rule('no_shutdown', 'shutdown'));
    clock = 0;
    events = new DaemonEvents();
    registry = new RuleRegistry(home, events, () => clock);
  });
  afterEach(() => {
    registry.close();
    rmSync(home, { recursive: true, force: true });
  });

  test("a project's accepted rules come before the user rules, and both apply", () => {
    writeFileSync(join(project, '.ssg', 'rules', 'p.rules'), rule('no_reboot', 'reboot'));
    acceptProjectRules(home, join(project, '.ssg', 'rules'));
    assert.equal(decide('reboot'), 'block');
    assert.equal(decide('shutdown -h now'), 'block');
    assert.equal(decide('ls'), 'allow');
  });

  test('an edit in a watched folder applies to the next calls without waiting for the recheck', async () => {
    assert.equal(decide('reboot'), 'allow');
    writeFileSync(join(home, 'rules', 'more.rules'), rule('no_reboot', 'reboot'));
    await eventually(() => decide('reboot') === 'block', 'the watched change to apply');
    assert.equal(clock, 0, 'no recheck interval passed');
  });

  test("a project's rules apply only once accepted, and can only tighten", () => {
    writeFileSync(join(project, '.ssg', 'rules', 'p.rules'), rule('no_reboot', 'reboot'));
    writeFileSync(
      join(project, '.ssg', 'rules', 'z.rules'),
      'rule z {\n  priority 1000\n  ALLOW execution\n  IF command STARTS_WITH "shutdown"\n}\n',
    );
    assert.equal(decide('reboot'), 'allow', 'not accepted: the project rule does not apply');
    acceptProjectRules(home, join(project, '.ssg', 'rules'));
    clock += RECHECK_MS;
    assert.equal(decide('reboot'), 'block');
    assert.equal(decide('shutdown'), 'block', "the project's ALLOW does not lift the user's DENY");
  });

  test('what watching cannot see (a newly accepted project) is found at the recheck', () => {
    assert.equal(decide('reboot'), 'allow');
    writeFileSync(join(project, '.ssg', 'rules', 'p.rules'), rule('no_reboot', 'reboot'));
    acceptProjectRules(home, join(project, '.ssg', 'rules'));
    clock += RECHECK_MS - 1;
    assert.equal(decide('reboot'), 'allow', 'reused within the interval');
    clock += 1;
    assert.equal(decide('reboot'), 'block');
  });

  test('switching the watch layer (Sleep at Night arming or tearing down) drops every reused answer at once', () => {
    rmSync(join(home, 'rules'), { recursive: true });
    const fresh = new RuleRegistry(home, events, () => clock);
    try {
      const decideFresh = (command: string) => evaluate(fresh.rulesFor(call(command)), call(command)).decision;
      assert.equal(decideFresh('reboot'), 'allow');
      mkdirSync(join(home, 'rules'));
      writeFileSync(join(home, 'rules', 'night.rules'), rule('no_reboot', 'reboot'));
      assert.equal(decideFresh('reboot'), 'allow', 'an unwatched folder: reused within the interval');
      fresh.setWatching(true);
      assert.equal(decideFresh('reboot'), 'block');
    } finally {
      fresh.close();
    }
  });

  test('the watch layer recompiles a changed set and announces it with its diagnostics', async () => {
    registry.rulesFor(call('ls'));
    const announced: RuleSetSummary[] = [];
    events.on('rules', (summary) => announced.push(summary as RuleSetSummary));
    registry.setWatching(true);
    writeFileSync(join(home, 'rules', 'user.rules'), `${rule('no_shutdown', 'shutdown')}rule broken {\n`);
    await eventually(() => announced.length > 0, 'the change to be announced');
    assert.deepEqual(announced[0]?.files, [join(home, 'rules', 'user.rules')]);
    assert.ok(announced[0]?.diagnostics.some((d) => d.severity === 'error'));
  });
});
