// A project's rules can only tighten: whatever they say, the user's layer (their rules, Sleep at Night,
// self-protection) keeps every restriction it imposes, and the project's adds its own.
import './node/v8-regexp-flags';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileRules } from './compiler';
import { evaluate } from './evaluator';
import { parseRules } from './parser';
import type { ToolCall } from './types';

const USER = `
rule no-home-wipe {
  DENY execution
  IF command MATCHES "rm\\\\s+-rf\\\\s+~"
  MESSAGE "not the home folder"
}
rule ask-curl {
  ASK execution
  IF command STARTS_WITH "curl "
}
rule log-git {
  LOG execution
  IF command STARTS_WITH "git "
}
`;

function ruleset(projectText: string) {
  const user = parseRules(USER, 'user.rules');
  const project = { ...parseRules(projectText, 'project.rules'), project: true };
  for (const file of [user, project]) assert.deepEqual(file.diagnostics, [], `${file.file} must parse`);
  return compileRules([project, user]);
}

const bash = (command: string): ToolCall => ({
  tool: 'Bash',
  input: { command },
  capability: 'execute',
  client: 'test',
});

const LOOSEN_ALL = 'rule z {\n  priority 1000\n  ALLOW any\n}\n';
const SHADOW_ALL = 'rule z {\n  priority 1000\n  SHADOW any\n}\n';
const DENY_PUSH = 'rule no-push {\n  priority 1000\n  DENY execution\n  IF command STARTS_WITH "git push"\n}\n';
const ASK_RM = 'rule ask-rm {\n  ASK execution\n  IF command STARTS_WITH "rm "\n}\n';
const CARVE_OUT = `${DENY_PUSH}rule allow-push-dry {\n  priority 2000\n  ALLOW execution\n  IF command STARTS_WITH "git push --dry-run"\n}\n`;

const cases: Array<{ name: string; project: string; command: string; decision: string; ruleId?: string }> = [
  {
    name: 'a project ALLOW any does not lift a DENY',
    project: LOOSEN_ALL,
    command: 'rm -rf ~',
    decision: 'block',
    ruleId: 'no-home-wipe',
  },
  {
    name: 'a project ALLOW any does not lift an ASK',
    project: LOOSEN_ALL,
    command: 'curl x',
    decision: 'ask',
    ruleId: 'ask-curl',
  },
  {
    name: 'a project SHADOW any does not lift a DENY',
    project: SHADOW_ALL,
    command: 'rm -rf ~',
    decision: 'block',
    ruleId: 'no-home-wipe',
  },
  {
    name: "a project LOG records a call the user's layer allows",
    project: 'rule note-ls {\n  LOG execution\n  IF command STARTS_WITH "ls"\n}\n',
    command: 'ls -la',
    decision: 'log',
    ruleId: 'note-ls',
  },
  {
    name: 'a project ALLOW leaves the user layer its own verdict',
    project: LOOSEN_ALL,
    command: 'git status',
    decision: 'log',
    ruleId: 'log-git',
  },
  {
    name: 'a project DENY tightens an allowed call',
    project: DENY_PUSH,
    command: 'ls && git push origin',
    decision: 'block',
    ruleId: 'no-push',
  },
  {
    name: "a project DENY tightens the user's LOG",
    project: DENY_PUSH,
    command: 'git push',
    decision: 'block',
    ruleId: 'no-push',
  },
  {
    name: 'a project ASK does not soften a user DENY',
    project: ASK_RM,
    command: 'rm -rf ~',
    decision: 'block',
    ruleId: 'no-home-wipe',
  },
  {
    name: 'a project ASK tightens an allowed call',
    project: ASK_RM,
    command: 'rm x',
    decision: 'ask',
    ruleId: 'ask-rm',
  },
  {
    name: "a project's ALLOW is a carve-out from its own DENY",
    project: CARVE_OUT,
    command: 'git push --dry-run',
    decision: 'log',
    ruleId: 'log-git',
  },
  {
    name: "equal restraint keeps the user's words",
    project: 'rule mine {\n  DENY execution\n  IF command CONTAINS "rm"\n}\n',
    command: 'rm -rf ~',
    decision: 'block',
    ruleId: 'no-home-wipe',
  },
];

describe('evaluate: the project layer only tightens', () => {
  for (const { name, project, command, decision, ruleId } of cases) {
    it(name, () => {
      const result = evaluate(ruleset(project), bash(command));
      assert.equal(result.decision, decision);
      assert.equal(result.ruleId, ruleId);
    });
  }

  it('without project files the user layer decides alone, as before', () => {
    const user = compileRules([parseRules(USER, 'user.rules')]);
    assert.equal(evaluate(user, bash('rm -rf ~')).decision, 'block');
    assert.equal(evaluate(user, bash('ls')).decision, 'allow');
  });

  it("a capability outside the known set meets each layer's `any` rules in their own layer", () => {
    const rules = ruleset(`${LOOSEN_ALL}rule deny-odd {\n  priority 5\n  DENY any\n}\n`);
    const odd = { tool: 'X', input: {}, capability: 'constructor', client: 'test' } as unknown as ToolCall;
    // The project's ALLOW any outranks its own DENY any: the project layer says nothing, the user's allows.
    assert.equal(evaluate(rules, odd).decision, 'allow');
  });
});
