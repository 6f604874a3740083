import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseScenarioFile } from './scenario-file';

const meta = '{"kind":"meta","name":"basics","description":"d","claude_code_version":"2.1.0","tags":["a"]}';
const step = (fields: Record<string, unknown>): string =>
  JSON.stringify({
    kind: 'step',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    expected_decision: 'allow',
    ...fields,
  });

describe('parseScenarioFile', () => {
  it('reads a meta line and steps, skipping blank lines', () => {
    const text = [
      meta,
      '',
      step({ expected_rule_id: 'r', description: 'lists' }),
      step({ expected_rule_id: null }),
      '',
    ].join('\n');
    const parsed = parseScenarioFile('s.jsonl', text);
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(parsed.scenario, {
      file: 's.jsonl',
      meta: { name: 'basics', description: 'd', claudeCodeVersion: '2.1.0', tags: ['a'] },
      steps: [
        {
          line: 3,
          toolName: 'Bash',
          toolInput: { command: 'ls' },
          expectedDecision: 'allow',
          expectedRuleId: 'r',
          description: 'lists',
        },
        { line: 4, toolName: 'Bash', toolInput: { command: 'ls' }, expectedDecision: 'allow', expectedRuleId: null },
      ],
    });
  });

  it('accepts CRLF line endings and unknown keys', () => {
    const parsed = parseScenarioFile('s.jsonl', `${meta}\r\n${step({ future_field: 1 })}\r\n`);
    assert.equal(parsed.scenario?.steps.length, 1);
  });

  const bad: Array<{ name: string; lines: string[]; want: string[] }> = [
    { name: 'an empty file', lines: [''], want: ['s.jsonl:1: the file is empty; it needs a meta line and steps'] },
    { name: 'no steps', lines: [meta], want: ['s.jsonl: has no steps'] },
    {
      name: 'a step before the meta line',
      lines: [step({}), meta],
      want: [
        's.jsonl:1: the first line must be the meta line {"kind":"meta",…}, got kind "step"',
        's.jsonl:2: a second meta line; only the first line may be {"kind":"meta",…}',
      ],
    },
    {
      name: 'meta fields missing or of the wrong type',
      lines: ['{"kind":"meta","name":"n","tags":"x","claude_code_version":2}', step({})],
      want: [
        's.jsonl:1: meta "description" must be a string, got nothing',
        's.jsonl:1: meta "claude_code_version" must be a string, got a number',
        's.jsonl:1: meta "tags" must be an array of strings, got a string',
      ],
    },
    {
      name: 'malformed JSON with its line number',
      lines: [meta, step({}), '{"kind":"step",'],
      want: [/^s\.jsonl:3: not valid JSON \(.+\)$/.source],
    },
    { name: 'a JSON array line', lines: [meta, '[1]'], want: ['s.jsonl:2: expected a JSON object, got an array'] },
    {
      name: 'every problem of a bad step',
      lines: [
        meta,
        '{"kind":"stp","tool_name":"","tool_input":"ls","expected_decision":"deny","expected_rule_id":5,"description":1}',
      ],
      want: [
        's.jsonl:2: "kind" must be "step", got "stp"',
        's.jsonl:2: "tool_name" must be a non-empty string, got a string',
        's.jsonl:2: "tool_input" must be a JSON object, got a string',
        's.jsonl:2: "expected_decision" must be one of allow|block|log|shadow|ask|force, got "deny"',
        's.jsonl:2: "expected_rule_id" must be a string or null, got a number',
        's.jsonl:2: "description" must be a string, got a number',
      ],
    },
    {
      name: 'a missing expected_decision',
      lines: [meta, step({ expected_decision: undefined })],
      want: ['s.jsonl:2: "expected_decision" must be one of allow|block|log|shadow|ask|force, got nothing'],
    },
  ];
  for (const tc of bad) {
    it(`reports ${tc.name}`, () => {
      const parsed = parseScenarioFile('s.jsonl', tc.lines.join('\n'));
      assert.equal(parsed.scenario, undefined);
      assert.equal(parsed.errors.length, tc.want.length, parsed.errors.join('\n'));
      tc.want.forEach((want, i) => {
        const got = parsed.errors[i]!;
        if (want.startsWith('^')) assert.match(got, new RegExp(want));
        else assert.equal(got, want);
      });
    });
  }

  it('handles a huge file line by line', () => {
    const steps = Array.from({ length: 20_000 }, () => step({}));
    const parsed = parseScenarioFile('s.jsonl', [meta, ...steps].join('\n'));
    assert.equal(parsed.scenario?.steps.length, 20_000);
  });
});
