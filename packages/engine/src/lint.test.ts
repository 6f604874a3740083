import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintRules } from './lint';
import { parseRules } from './parser';

interface Finding {
  code: string;
  severity: string;
  file: string;
  line: number;
  ruleId: string | undefined;
}

function lint(...files: string[]): Finding[] {
  return lintRules(files.map((text, i) => parseRules(text, `${i}.rules`))).map(
    ({ code, severity, file, line, ruleId }) => ({
      code,
      severity,
      file,
      line,
      ruleId,
    }),
  );
}

describe('lintRules', () => {
  const cases: Array<{ name: string; files: string[]; want: Finding[] }> = [
    {
      name: 'clean rules: nothing to say',
      files: [
        'rule a {\nDENY execution\nIF command CONTAINS "rm"\nMESSAGE "m"\n}\nrule b {\nASK write\nIF path GLOB "*.env"\nPROMPT "p"\n}',
      ],
      want: [],
    },
    {
      name: 'and-after-or: an AND line after an OR line',
      files: ['rule a {\nDENY execution\nIF command CONTAINS "a"\nOR command CONTAINS "b"\nAND path GLOB "c"\n}'],
      want: [{ code: 'and-after-or', severity: 'warning', file: '0.rules', line: 5, ruleId: 'a' }],
    },
    {
      name: 'and-after-or: AND before OR is fine',
      files: ['rule a {\nDENY execution\nIF command CONTAINS "a"\nAND command CONTAINS "b"\nOR path GLOB "c"\n}'],
      want: [],
    },
    {
      name: 'and-after-or: AND on the same line as its OR is fine',
      files: ['rule a {\nDENY execution\nIF command CONTAINS "a"\nOR command CONTAINS "b" AND path GLOB "c"\n}'],
      want: [],
    },
    {
      name: 'and-after-or: parentheses say what is meant',
      files: ['rule a {\nDENY execution\nIF (command CONTAINS "a"\nOR command CONTAINS "b")\nAND path GLOB "c"\n}'],
      want: [],
    },
    {
      name: 'duplicate-id across files',
      files: ['rule a { DENY write }', '\nrule a { DENY read }'],
      want: [{ code: 'duplicate-id', severity: 'error', file: '1.rules', line: 2, ruleId: 'a' }],
    },
    {
      name: 'unreachable: an unconditional rule for any target first',
      files: ['rule all {\npriority 90\nLOG any\n}\nrule later {\nDENY write\nIF path GLOB "*.env"\n}'],
      want: [{ code: 'unreachable', severity: 'warning', file: '0.rules', line: 5, ruleId: 'later' }],
    },
    {
      name: 'unreachable: the same conditions in another order',
      files: [
        'rule first {\nDENY write\nIF path GLOB "*.env" AND content CONTAINS "KEY"\n}',
        'rule second {\nFORCE write\nIF content CONTAINS "KEY"\nAND path GLOB "*.env"\nSUBSTITUTE "x"\n}',
      ],
      want: [{ code: 'unreachable', severity: 'warning', file: '1.rules', line: 1, ruleId: 'second' }],
    },
    {
      name: 'unreachable: every group covers a group of the earlier rule',
      files: [
        'rule first {\nDENY write\nIF path GLOB "*.env"\n}\nrule second {\nDENY write\nIF path GLOB "*.env" AND content CONTAINS "x"\n}',
      ],
      want: [{ code: 'unreachable', severity: 'warning', file: '0.rules', line: 5, ruleId: 'second' }],
    },
    {
      name: 'reachable: a permissive command rule does not cover a later restrictive one on shell commands',
      files: [
        'rule npm {\npriority 90\nLOG execution\nIF command REGEX "^npm\\s"\n}\nrule publish {\nDENY execution\nIF command REGEX "^npm\\s" AND command CONTAINS "publish"\n}',
      ],
      want: [],
    },
    {
      name: 'unreachable: a permissive command rule still covers a later permissive one',
      files: [
        'rule npm {\npriority 90\nLOG execution\nIF command REGEX "^npm\\s"\n}\nrule test {\nSHADOW execution\nIF command REGEX "^npm\\s" AND command CONTAINS "test"\n}',
      ],
      want: [{ code: 'unreachable', severity: 'warning', file: '0.rules', line: 6, ruleId: 'test' }],
    },
    {
      name: 'reachable: the earlier rule is for another target',
      files: ['rule w {\npriority 90\nDENY write\n}\nrule e { DENY execution }'],
      want: [],
    },
    {
      name: 'reachable: the later rule has the higher priority',
      files: ['rule first { DENY write }\nrule second {\npriority 60\nDENY write\nIF path GLOB "*.env"\n}'],
      want: [],
    },
    {
      name: 'reachable: the earlier rule is disabled',
      files: ['rule off {\nenabled false\nDENY any\n}\nrule on { DENY write }'],
      want: [],
    },
    {
      name: 'reachable: one alternative is not covered',
      files: [
        'rule first {\nDENY write\nIF path GLOB "*.env"\n}\nrule second {\nDENY write\nIF path GLOB "*.env" OR path GLOB "*.pem"\n}',
      ],
      want: [],
    },
    {
      name: 'invalid and unsafe regexes',
      files: ['rule a {\nDENY any\nIF command REGEX "(x"\nOR content LINE_REGEX "(?<=a)(b+)+"\n}'],
      want: [
        { code: 'invalid-regex', severity: 'error', file: '0.rules', line: 3, ruleId: 'a' },
        { code: 'unsafe-regex', severity: 'error', file: '0.rules', line: 4, ruleId: 'a' },
      ],
    },
    {
      name: 'counted repetition outside the linear-time engine',
      files: [
        'rule a {\nASK any\nPROMPT "?"\nIF content REGEX "(?=x)(.*a){30}"\nOR content REGEX "(?<=x)(a|aa){25}"\n}',
      ],
      want: [
        { code: 'unsafe-regex', severity: 'error', file: '0.rules', line: 4, ruleId: 'a' },
        { code: 'unsafe-regex', severity: 'error', file: '0.rules', line: 5, ruleId: 'a' },
      ],
    },
    {
      name: 'ASK without PROMPT or MESSAGE',
      files: ['rule a {\nASK write\n}\nrule b {\nASK read\nMESSAGE "why"\n}'],
      want: [{ code: 'ask-without-prompt', severity: 'warning', file: '0.rules', line: 1, ruleId: 'a' }],
    },
    {
      name: 'FORCE without SUBSTITUTE',
      files: ['rule a {\nFORCE execution\n}\nrule b {\nFORCE read\nSUBSTITUTE "cat x"\n}'],
      want: [{ code: 'force-without-substitute', severity: 'warning', file: '0.rules', line: 1, ruleId: 'a' }],
    },
    {
      name: 'an override value other than never',
      files: ['# override: sometimes\nrule a {\nDENY write\n}\n# override: never\nrule b {\nDENY read\n}'],
      want: [{ code: 'override-value', severity: 'warning', file: '0.rules', line: 2, ruleId: 'a' }],
    },
    {
      name: 'unknown field',
      files: ['rule a {\nDENY write\nIF paht GLOB "*.env" OR input.anything CONTAINS "x"\n}'],
      want: [{ code: 'unknown-field', severity: 'warning', file: '0.rules', line: 3, ruleId: 'a' }],
    },
    {
      name: 'unknown capability value',
      files: ['rule a {\nDENY any\nIF capability EQUALS "exec" OR capability EQUALS "execute"\n}'],
      want: [{ code: 'unknown-capability', severity: 'warning', file: '0.rules', line: 3, ruleId: 'a' }],
    },
    {
      name: 'target read by a rule for file calls',
      files: ['rule a {\nDENY write\nIF target GLOB "~/**"\n}\nrule b {\nDENY any\nIF target REGEX "^~$"\n}'],
      want: [{ code: 'target-outside-execute', severity: 'warning', file: '0.rules', line: 3, ruleId: 'a' }],
    },
    {
      name: 'rule id shape',
      files: ['rule -bad!id { LOG write }\nrule good_id.v2 { LOG read }'],
      want: [{ code: 'rule-id', severity: 'warning', file: '0.rules', line: 1, ruleId: '-bad!id' }],
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => assert.deepEqual(lint(...tc.files), tc.want));
  }

  it('and-after-or says what the author probably meant', () => {
    const [diagnostic] = lintRules([
      parseRules(
        'rule a {\nDENY execution\nIF command CONTAINS "a"\nOR command CONTAINS "b"\nAND path GLOB "c"\n}',
        'a.rules',
      ),
    ]);
    assert.equal(
      diagnostic?.message,
      'this AND joins only the group opened by the OR on line 4, so the rule fires when (command CONTAINS "a") OR ' +
        '(command CONTAINS "b" AND path GLOB "c"). If it should apply to every alternative, write: ' +
        'IF (command CONTAINS "a" OR command CONTAINS "b") AND path GLOB "c"',
    );
    assert.equal(diagnostic?.column, 5);
  });

  it('duplicate-id names both places', () => {
    const [diagnostic] = lintRules([
      parseRules('rule a { LOG any }', 'x.rules'),
      parseRules('\n\nrule a { LOG read }', 'y.rules'),
    ]);
    assert.match(diagnostic?.message ?? '', /defined at x\.rules:1 and again at y\.rules:3/);
  });

  it('unreachable names the rule that fires first', () => {
    const [diagnostic] = lintRules([
      parseRules('rule all {\npriority 70\nLOG any\n}\nrule later { DENY write }', 'x.rules'),
    ]);
    assert.equal(
      diagnostic?.message,
      'rule `later` can never decide: rule `all` (x.rules:1, priority 70) is evaluated first and it has no conditions',
    );
  });

  it('a thousand rules lint in one pass', () => {
    const text = Array.from(
      { length: 1000 },
      (_, i) => `rule r${i} {\nDENY write\nIF path GLOB "*.${i}"\nMESSAGE "m"\n}`,
    ).join('\n');
    assert.deepEqual(lint(text), []);
  });
});
