// The bundled certification scenarios (resources/scenarios/<rule file stem>/*.jsonl): each file has the shape
// rules-dsl.md defines, and each step's expectation is what the hook path returns with the matching rule file.
// `ssg certify` itself is tested with its command; this is the cross-check of the data.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DECISIONS } from '@ssg/engine';
import { evaluateHookPayload } from '@ssg/hosts/hook/evaluate-payload';
import { bundledScenariosDir } from '@ssg/node/resources';
import { loadBundledRules } from '@ssg/node/resources/rule-table.testing';

const META_KEYS = ['kind', 'name', 'description', 'claude_code_version', 'tags'];
const STEP_KEYS = ['kind', 'tool_name', 'tool_input', 'expected_decision', 'expected_rule_id', 'description'];

interface Step {
  tool_name: string;
  tool_input: Record<string, unknown>;
  expected_decision: string;
  expected_rule_id?: string;
  description?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function assertKeys(value: Record<string, unknown>, allowed: string[], where: string): void {
  for (const key of Object.keys(value)) assert.ok(allowed.includes(key), `${where}: unknown key ${key}`);
}

function assertMeta(value: unknown, where: string): void {
  assert.ok(isObject(value), `${where}: line 1 must be a JSON object`);
  assertKeys(value, META_KEYS, where);
  assert.equal(value.kind, 'meta', `${where}: line 1 must have kind "meta"`);
  for (const key of ['name', 'description', 'claude_code_version']) {
    assert.ok(typeof value[key] === 'string' && value[key] !== '', `${where}: meta.${key} must be a non-empty string`);
  }
  const tags = value.tags;
  assert.ok(Array.isArray(tags) && tags.every((tag) => typeof tag === 'string'), `${where}: meta.tags`);
}

function asStep(value: unknown, where: string): Step {
  assert.ok(isObject(value), `${where}: must be a JSON object`);
  assertKeys(value, STEP_KEYS, where);
  assert.equal(value.kind, 'step', `${where}: kind must be "step"`);
  assert.ok(typeof value.tool_name === 'string' && value.tool_name !== '', `${where}: tool_name`);
  assert.ok(isObject(value.tool_input), `${where}: tool_input must be an object`);
  assert.ok(DECISIONS.includes(value.expected_decision as never), `${where}: expected_decision`);
  for (const key of ['expected_rule_id', 'description']) {
    assert.ok(value[key] === undefined || typeof value[key] === 'string', `${where}: ${key} must be a string`);
  }
  return value as unknown as Step;
}

/** Reads one scenario file; throws with the file and line of the first problem. */
function readScenario(path: string): Step[] {
  const text = readFileSync(path, 'utf8');
  assert.ok(text.endsWith('\n'), `${path}: must end with a newline`);
  const lines = text.slice(0, -1).split('\n');
  const parsed = lines.map((line, index) => {
    try {
      return JSON.parse(line) as unknown;
    } catch (error) {
      throw new Error(`${path}:${index + 1}: not JSON (${(error as Error).message})`, { cause: error });
    }
  });
  assertMeta(parsed[0], `${path}:1`);
  const steps = parsed.slice(1).map((value, index) => asStep(value, `${path}:${index + 2}`));
  assert.ok(steps.length > 0, `${path}: has no steps`);
  return steps;
}

const root = bundledScenariosDir();
const suites = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('bundled scenarios', () => {
  it('exist for each bundled rule file, and only for those', () => {
    assert.deepEqual(suites, ['default', 'self-preservation', 'sleep-at-night']);
  });

  it('give Sleep at Night one file per security category', () => {
    const categories = loadBundledRules('sleep-at-night').parsed.rules.map((rule) => rule.meta.category);
    const files = readdirSync(join(root, 'sleep-at-night')).map((name) => name.replace(/\.jsonl$/, ''));
    assert.deepEqual(files.sort(), [...categories].sort());
  });

  for (const suite of suites) {
    const { ruleset } = loadBundledRules(suite);
    const files = readdirSync(join(root, suite)).sort();
    for (const file of files) {
      const path = join(root, suite, file);
      describe(`${suite}/${file}`, () => {
        it('is JSONL in the certification shape, mixing allowed and decided steps', () => {
          assert.match(file, /\.jsonl$/);
          const steps = readScenario(path);
          assert.ok(
            steps.some((step) => step.expected_decision === 'allow'),
            `${file}: no allowed step`,
          );
          assert.ok(
            steps.some((step) => step.expected_decision !== 'allow'),
            `${file}: no decided step`,
          );
        });

        it(`matches what ${suite}.rules decides`, () => {
          for (const [index, step] of readScenario(path).entries()) {
            const payload = { hook_event_name: 'PreToolUse', tool_name: step.tool_name, tool_input: step.tool_input };
            const { result } = evaluateHookPayload(JSON.stringify(payload), () => ruleset);
            const where = `${suite}/${file}:${index + 2} (${step.description ?? step.tool_name})`;
            assert.equal(result.decision, step.expected_decision, `${where}: decision (rule ${result.ruleId})`);
            assert.equal(result.ruleId, step.expected_rule_id, `${where}: deciding rule`);
          }
        });
      });
    }
  }
});
