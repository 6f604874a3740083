import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRules } from './parser';
import type { ConditionNode, Diagnostic, ExprNode, ParsedFile, RuleNode } from './types';

/** A condition without its position, for comparing trees. */
function cond(
  field: string,
  op: ConditionNode['op'],
  value: string,
  negated = false,
): Omit<ConditionNode, 'line' | 'column'> {
  return { kind: 'condition', field, op, negated, value };
}

/** The tree with positions removed. */
function shape(expr: ExprNode): unknown {
  switch (expr.kind) {
    case 'condition': {
      const { line: _line, column: _column, ...rest } = expr;
      return rest;
    }
    case 'not':
      return { kind: 'not', item: shape(expr.item) };
    default:
      return { kind: expr.kind, items: expr.items.map(shape) };
  }
}

const groupsOf = (rule: RuleNode): unknown => rule.groups.map((group) => group.map(shape));

function firstCondition(parsed: ParsedFile): ConditionNode {
  const item = parsed.rules[0]?.groups[0]?.[0];
  assert.ok(item?.kind === 'condition');
  return item;
}

function errorsOf(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === 'error');
}

describe('parseRules: a complete rule', () => {
  it('reads every clause with positions', () => {
    const text = [
      '# category: destructive-ops',
      '# Owner : platform team',
      'rule no-root-delete {',
      '  enabled true',
      '  priority 100',
      '  severity error',
      '  DENY execution',
      '  IF command REGEX "\\\\brm\\\\s+-rf\\\\s+/"',
      '  OR command STARTS_WITH "rm -rf ~"',
      '  MESSAGE "Recursive delete of / or ~ is blocked."',
      '  PROMPT "Delete anyway?"',
      '  SUBSTITUTE "rm -rf ./build"',
      '}',
    ].join('\n');
    const parsed = parseRules(text, 'a.rules');
    assert.deepEqual(parsed.diagnostics, []);
    const want: RuleNode = {
      id: 'no-root-delete',
      enabled: true,
      priority: 100,
      severity: 'error',
      decision: 'block',
      target: 'execute',
      groups: [
        [
          {
            kind: 'condition',
            field: 'command',
            op: 'REGEX',
            negated: false,
            value: '\\brm\\s+-rf\\s+/',
            line: 8,
            column: 6,
          },
        ],
        [
          {
            kind: 'condition',
            field: 'command',
            op: 'STARTS_WITH',
            negated: false,
            value: 'rm -rf ~',
            line: 9,
            column: 6,
          },
        ],
      ],
      message: 'Recursive delete of / or ~ is blocked.',
      prompt: 'Delete anyway?',
      substitute: 'rm -rf ./build',
      meta: { category: 'destructive-ops', owner: 'platform team' },
      pos: { file: 'a.rules', line: 3, column: 1 },
      endLine: 13,
    };
    assert.deepEqual(parsed.rules, [want]);
  });

  it('applies the documented defaults to an empty rule', () => {
    const parsed = parseRules('rule bare {\n}\n', 'a.rules');
    const [rule] = parsed.rules;
    assert.ok(rule);
    assert.deepEqual(
      {
        enabled: rule.enabled,
        priority: rule.priority,
        severity: rule.severity,
        decision: rule.decision,
        target: rule.target,
        groups: rule.groups,
      },
      { enabled: true, priority: 50, severity: 'warning', decision: 'log', target: 'any', groups: [] },
    );
    assert.deepEqual(
      parsed.diagnostics.map((d) => [d.code, d.severity, d.line]),
      [['missing-decision', 'warning', 1]],
    );
  });
});

describe('parseRules: lenient forms', () => {
  const cases: Array<{ name: string; body: string; check: (rule: RuleNode) => void }> = [
    {
      name: 'MESSAGE first, PROMPT before MESSAGE',
      body: 'PROMPT "p"\nMESSAGE "m"\nASK write\nIF path GLOB "*.env"',
      check: (rule) =>
        assert.deepEqual([rule.prompt, rule.message, rule.decision, rule.target], ['p', 'm', 'ask', 'write']),
    },
    {
      name: 'lowercase keywords everywhere',
      body: 'deny execute\nif command contains "a" and not command word "b"\nor tool equals "Bash"\nmessage "m"',
      check: (rule) =>
        assert.deepEqual(groupsOf(rule), [
          [cond('command', 'CONTAINS', 'a'), cond('command', 'WORD', 'b', true)],
          [cond('tool', 'EQUALS', 'Bash')],
        ]),
    },
    {
      name: 'execute as a synonym of execution',
      body: 'DENY execute',
      check: (rule) => assert.equal(rule.target, 'execute'),
    },
    {
      name: 'every target keyword',
      body: 'ALLOW network',
      check: (rule) => assert.deepEqual([rule.decision, rule.target], ['allow', 'network']),
    },
    {
      name: 'MATCHES means REGEX',
      body: 'DENY any\nIF command MATCHES "^sudo"',
      check: (rule) => assert.deepEqual(groupsOf(rule), [[cond('command', 'REGEX', '^sudo')]]),
    },
    {
      name: 'infix and prefix NOT fold into negated; NOT NOT cancels',
      body: 'DENY any\nIF NOT command CONTAINS "a" AND path NOT GLOB "b" AND NOT NOT tool EQUALS "c" AND NOT content NOT CONTAINS "d"',
      check: (rule) =>
        assert.deepEqual(groupsOf(rule), [
          [
            cond('command', 'CONTAINS', 'a', true),
            cond('path', 'GLOB', 'b', true),
            cond('tool', 'EQUALS', 'c'),
            cond('content', 'CONTAINS', 'd'),
          ],
        ]),
    },
    {
      name: 'NOT before parentheses keeps a not node',
      body: 'DENY any\nIF NOT (command CONTAINS "a" OR command CONTAINS "b")',
      check: (rule) =>
        assert.deepEqual(groupsOf(rule), [
          [
            {
              kind: 'not',
              item: { kind: 'or', items: [cond('command', 'CONTAINS', 'a'), cond('command', 'CONTAINS', 'b')] },
            },
          ],
        ]),
    },
    {
      name: 'parentheses spanning lines, with OR lines inside',
      body: 'DENY write\nIF (path GLOB "*.env"\n    OR path GLOB "*.pem"\n)\nAND content CONTAINS "KEY"',
      check: (rule) =>
        assert.deepEqual(groupsOf(rule), [
          [
            { kind: 'or', items: [cond('path', 'GLOB', '*.env'), cond('path', 'GLOB', '*.pem')] },
            cond('content', 'CONTAINS', 'KEY'),
          ],
        ]),
    },
    {
      name: 'trailing comments after clauses and conditions; # inside strings kept',
      body: 'DENY any # the decision\nIF command CONTAINS "a # b" # why\nMESSAGE "#1"# close',
      check: (rule) => {
        assert.deepEqual(groupsOf(rule), [[cond('command', 'CONTAINS', 'a # b')]]);
        assert.equal(rule.message, '#1');
      },
    },
    {
      name: 'escapes: \\\\ and \\" decoded, every other backslash sequence kept',
      body: 'DENY any\nIF command REGEX "\\s+\\d\\.\\\\x\\"q\\"\\n"',
      check: (rule) => assert.deepEqual(groupsOf(rule), [[cond('command', 'REGEX', '\\s+\\d\\.\\x"q"\\n')]]),
    },
    {
      name: 'an unescaped quote inside a string is part of it',
      body: 'DENY write\nIF content REGEX "key\\s*=\\s*["\\x27]\\w+"',
      check: (rule) => assert.deepEqual(groupsOf(rule), [[cond('content', 'REGEX', 'key\\s*=\\s*["\\x27]\\w+')]]),
    },
    {
      name: 'prose with unescaped inner quotes runs to the last quote of the line',
      body: 'FORCE execution\nMESSAGE "Use "npm ci" here" # why\nSUBSTITUTE "npm ci --prefix "app""',
      check: (rule) =>
        assert.deepEqual([rule.message, rule.substitute], ['Use "npm ci" here', 'npm ci --prefix "app"']),
    },
    {
      name: 'empty string value',
      body: 'DENY any\nIF command EQUALS ""',
      check: (rule) => assert.deepEqual(groupsOf(rule), [[cond('command', 'EQUALS', '')]]),
    },
    {
      name: 'negative and signed priorities',
      body: 'priority -5',
      check: (rule) => assert.equal(rule.priority, -5),
    },
    {
      name: 'enabled false, case-insensitive',
      body: 'enabled FALSE',
      check: (rule) => assert.equal(rule.enabled, false),
    },
    {
      name: 'severity warn is warning',
      body: 'severity WARN',
      check: (rule) => assert.equal(rule.severity, 'warning'),
    },
    {
      name: 'input.<key> and unknown fields are kept as written',
      body: 'LOG network\nIF input.url CONTAINS "x" AND Url CONTAINS "y"',
      check: (rule) =>
        assert.deepEqual(groupsOf(rule), [[cond('input.url', 'CONTAINS', 'x'), cond('Url', 'CONTAINS', 'y')]]),
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const parsed = parseRules(`rule r {\n${tc.body}\n}\n`, 'a.rules');
      assert.deepEqual(errorsOf(parsed.diagnostics), []);
      assert.equal(parsed.rules.length, 1);
      tc.check(parsed.rules[0]!);
    });
  }
});

describe('parseRules: boolean structure', () => {
  const a = cond('command', 'CONTAINS', 'a');
  const b = cond('command', 'CONTAINS', 'b');
  const c = cond('command', 'CONTAINS', 'c');
  const d = cond('command', 'CONTAINS', 'd');
  const cases: Array<{ conditions: string; want: unknown }> = [
    { conditions: 'IF command CONTAINS "a"', want: [[a]] },
    { conditions: 'IF command CONTAINS "a" OR command CONTAINS "b" AND command CONTAINS "c"', want: [[a], [b, c]] },
    { conditions: 'IF command CONTAINS "a" AND command CONTAINS "b" OR command CONTAINS "c"', want: [[a, b], [c]] },
    // The documented trap: an AND line after OR lines joins only the last group.
    { conditions: 'IF command CONTAINS "a"\nOR command CONTAINS "b"\nAND command CONTAINS "c"', want: [[a], [b, c]] },
    {
      conditions:
        'IF command CONTAINS "a"\nAND command CONTAINS "b"\nOR command CONTAINS "c"\nAND command CONTAINS "d"',
      want: [
        [a, b],
        [c, d],
      ],
    },
    {
      conditions: 'IF (command CONTAINS "a" OR command CONTAINS "b") AND command CONTAINS "c"',
      want: [[{ kind: 'or', items: [a, b] }, c]],
    },
    { conditions: 'IF (command CONTAINS "a" OR command CONTAINS "b")', want: [[a], [b]] },
    { conditions: 'IF ((command CONTAINS "a"))', want: [[a]] },
    { conditions: 'IF command CONTAINS "a" AND (command CONTAINS "b" AND command CONTAINS "c")', want: [[a, b, c]] },
    {
      conditions: 'IF command CONTAINS "a" AND (command CONTAINS "b" OR command CONTAINS "c" AND command CONTAINS "d")',
      want: [[a, { kind: 'or', items: [b, { kind: 'and', items: [c, d] }] }]],
    },
  ];
  for (const tc of cases) {
    it(tc.conditions.replaceAll('\n', ' ⏎ '), () => {
      const parsed = parseRules(`rule r {\nDENY any\n${tc.conditions}\n}`, 'a.rules');
      assert.deepEqual(parsed.diagnostics, []);
      assert.deepEqual(groupsOf(parsed.rules[0]!), tc.want);
    });
  }
});

describe('parseRules: file layout', () => {
  const cases: Array<{ name: string; text: string; ids: string[]; diagnostics?: Array<[string, number]> }> = [
    { name: 'single-line rule', text: 'rule a { DENY any }', ids: ['a'] },
    { name: 'two rules on one line', text: 'rule a { DENY any } rule b { LOG any }', ids: ['a', 'b'] },
    { name: 'brace on the next line', text: 'rule a\n{\nDENY any\n}', ids: ['a'] },
    { name: 'CRLF line endings', text: 'rule a {\r\n  DENY any\r\n  IF command CONTAINS "x"\r\n}\r\n', ids: ['a'] },
    { name: 'byte order mark', text: '\uFEFFrule a {\nDENY any\n}', ids: ['a'] },
    { name: 'comments and blank lines only', text: '# nothing\n\n   # here\n', ids: [] },
    { name: 'empty file', text: '', ids: [] },
    { name: 'RULE in capitals', text: 'RULE a {\nDENY any\n}', ids: ['a'] },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const parsed = parseRules(tc.text, 'a.rules');
      assert.deepEqual(parsed.diagnostics, []);
      assert.deepEqual(
        parsed.rules.map((rule) => rule.id),
        tc.ids,
      );
    });
  }

  it('metadata comes only from the comment block directly above the rule', () => {
    const text =
      '# category: far\n\n# category: near\n# just a note without key\n# severity-hint: high\nrule a {\nDENY any\n}';
    assert.deepEqual(parseRules(text, 'a.rules').rules[0]?.meta, { category: 'near', 'severity-hint': 'high' });
  });

  it('records the closing line', () => {
    const parsed = parseRules('\nrule a {\nDENY any\n\n}\n', 'a.rules');
    assert.deepEqual([parsed.rules[0]?.pos.line, parsed.rules[0]?.endLine], [2, 5]);
  });
});

describe('parseRules: errors and warnings', () => {
  const cases: Array<{
    name: string;
    text: string;
    want: Array<{ severity: string; code: string; line: number; column: number; message: string }>;
    ids: string[];
  }> = [
    {
      name: 'value that is not a quoted string',
      text: 'rule a {\n  DENY any\n  IF command REGEX foo\n}\nrule b { LOG any }',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 20,
          message: 'expected a quoted string after REGEX, found `foo`',
        },
      ],
      ids: ['b'],
    },
    {
      name: 'single quotes',
      text: "rule a {\nDENY any\nIF command CONTAINS 'rm'\n}",
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 21,
          message: "expected a quoted string after CONTAINS, found `'rm'`",
        },
      ],
      ids: [],
    },
    {
      name: 'unterminated string, the next rule still loads',
      text: 'rule a {\nDENY any\nIF command CONTAINS "rm -rf\n}\nrule b { LOG any }',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 21,
          message: 'unterminated string: add the closing `"` (a string must end on its line)',
        },
      ],
      ids: ['b'],
    },
    {
      name: 'unterminated string at the end of the file',
      text: 'rule a {\nDENY any\nMESSAGE "no end',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 9,
          message: 'unterminated string: add the closing `"` (a string must end on its line)',
        },
      ],
      ids: [],
    },
    {
      name: 'unknown operator',
      text: 'rule a {\nDENY any\nIF command HAS "x"\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 12,
          message:
            'unknown operator `HAS` after `command` (use one of CONTAINS, EQUALS, STARTS_WITH, ENDS_WITH, GLOB, REGEX, WORD, LINE_CONTAINS, LINE_REGEX)',
        },
      ],
      ids: [],
    },
    {
      name: 'IF without a condition',
      text: 'rule a {\nDENY any\nIF\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 3,
          message:
            'expected a condition (`<field> <OPERATOR> "<value>"`, e.g. `command CONTAINS "rm"`) after IF, found the end of the line',
        },
      ],
      ids: [],
    },
    {
      name: 'dangling AND at the end of a line',
      text: 'rule a {\nDENY any\nIF command CONTAINS "a" AND\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 28,
          message:
            'expected a condition (`<field> <OPERATOR> "<value>"`, e.g. `command CONTAINS "rm"`) after AND, found the end of the line',
        },
      ],
      ids: [],
    },
    {
      name: 'condition line without IF, AND or OR',
      text: 'rule a {\nDENY any\nIF command CONTAINS "a"\ncommand CONTAINS "b"\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 4,
          column: 1,
          message: 'a condition line must start with IF, AND or OR',
        },
      ],
      ids: [],
    },
    {
      name: 'two conditions without AND or OR',
      text: 'rule a {\nDENY any\nIF command CONTAINS "a" path GLOB "b"\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 25,
          message: 'unexpected `path`: conditions are joined with AND or OR',
        },
      ],
      ids: [],
    },
    {
      name: 'missing closing parenthesis',
      text: 'rule a {\nDENY any\nIF (command CONTAINS "a"\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 25,
          message: 'expected `)` to close the `(` at line 3, col 4, found the end of the line',
        },
      ],
      ids: [],
    },
    {
      name: 'extra closing parenthesis',
      text: 'rule a {\nDENY any\nIF command CONTAINS "a")\n}',
      want: [{ severity: 'error', code: 'parse', line: 3, column: 24, message: 'unexpected `)`: it closes no `(`' }],
      ids: [],
    },
    {
      name: 'AND before IF',
      text: 'rule a {\nDENY any\nAND command CONTAINS "a"\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 1,
          message: 'AND before any IF: the condition list must start with IF',
        },
      ],
      ids: [],
    },
    {
      name: 'condition line starting with NOT',
      text: 'rule a {\nDENY any\nIF command CONTAINS "a"\nNOT command CONTAINS "b"\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 4,
          column: 1,
          message: 'a condition line must start with IF, AND or OR',
        },
      ],
      ids: [],
    },
    {
      name: 'unknown target',
      text: 'rule a {\nDENY shell\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 2,
          column: 6,
          message: 'unknown target `shell` after DENY (use execution, read, write, search, agent, network or any)',
        },
      ],
      ids: [],
    },
    {
      name: 'decision without a target',
      text: 'rule a {\nDENY\n}',
      want: [
        {
          severity: 'warning',
          code: 'missing-target',
          line: 2,
          column: 5,
          message: 'no target after DENY: the rule applies to any call (write e.g. `DENY execution`)',
        },
      ],
      ids: ['a'],
    },
    {
      name: 'priority that is not a whole number',
      text: 'rule a {\npriority high\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 2,
          column: 10,
          message: 'expected a whole number after PRIORITY, found `high`',
        },
      ],
      ids: [],
    },
    {
      name: 'enabled that is not a boolean',
      text: 'rule a {\nenabled yes\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 2,
          column: 9,
          message: 'expected true or false after ENABLED, found `yes`',
        },
      ],
      ids: [],
    },
    {
      name: 'text after a clause',
      text: 'rule a {\nLOG any\npriority 5 6\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 12,
          message: 'unexpected `6` after the PRIORITY clause (one clause per line)',
        },
      ],
      ids: [],
    },
    {
      name: 'unknown clause: warning, the rule loads',
      text: 'rule a {\nLOG any\nauthor "me"\n}',
      want: [
        {
          severity: 'warning',
          code: 'unknown-clause',
          line: 3,
          column: 1,
          message:
            'unknown clause `author` is ignored (clauses: ENABLED, PRIORITY, SEVERITY, ALLOW/DENY/LOG/SHADOW/ASK/FORCE <target>, IF/AND/OR, MESSAGE, PROMPT, SUBSTITUTE)',
        },
      ],
      ids: ['a'],
    },
    {
      name: 'unknown severity: warning, default kept',
      text: 'rule a {\nLOG any\nseverity critical\n}',
      want: [
        {
          severity: 'warning',
          code: 'unknown-severity',
          line: 3,
          column: 10,
          message: 'unknown severity `critical` (use error, warning or info); keeping warning',
        },
      ],
      ids: ['a'],
    },
    {
      name: 'duplicate clauses: warnings, the last one wins',
      text: 'rule a {\nDENY any\nMESSAGE "one"\nALLOW read\nMESSAGE "two"\n}',
      want: [
        {
          severity: 'warning',
          code: 'duplicate-clause',
          line: 4,
          column: 1,
          message: 'a second decision line (ALLOW) in this rule: the last one wins',
        },
        {
          severity: 'warning',
          code: 'duplicate-clause',
          line: 5,
          column: 1,
          message: 'a second MESSAGE in this rule: the last one wins',
        },
      ],
      ids: ['a'],
    },
    {
      name: 'missing closing brace before the next rule: both load',
      text: 'rule a {\nDENY any\nrule b {\nLOG any\n}',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 1,
          column: 1,
          message: 'rule `a` has no closing `}` before the next rule (line 3)',
        },
      ],
      ids: ['a', 'b'],
    },
    {
      name: 'missing closing brace at the end of the file',
      text: 'rule a {\nDENY any\n',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 1,
          column: 1,
          message: 'rule `a` has no closing `}` before the end of the file',
        },
      ],
      ids: ['a'],
    },
    {
      name: 'junk between rules is one error',
      text: 'rule a { LOG any }\nthis is not a rule\nnor this\nrule b { LOG any }',
      want: [{ severity: 'error', code: 'parse', line: 2, column: 1, message: 'expected `rule <id> {`, found `this`' }],
      ids: ['a', 'b'],
    },
    {
      name: 'rule without an id',
      text: 'rule {\nDENY any\n}\nrule b { LOG any }',
      want: [
        { severity: 'error', code: 'parse', line: 1, column: 6, message: 'expected a rule id after `rule`, found `{`' },
      ],
      ids: ['b'],
    },
    {
      name: 'rule without a brace',
      text: 'rule a DENY any\n}\nrule b { LOG any }',
      want: [
        { severity: 'error', code: 'parse', line: 1, column: 8, message: 'expected `{` after `rule a`, found `DENY`' },
      ],
      ids: ['b'],
    },
    {
      name: 'a malformed rule is skipped to its own closing brace, even with braces inside',
      text: 'rule a {\nDENY any\npriority x\n{ nested }\nMESSAGE "}"\n}\nrule b { LOG any }',
      want: [
        {
          severity: 'error',
          code: 'parse',
          line: 3,
          column: 10,
          message: 'expected a whole number after PRIORITY, found `x`',
        },
      ],
      ids: ['b'],
    },
    {
      name: 'inner quotes in a MESSAGE: warning, the message runs to the last quote',
      text: 'rule a {\nLOG any\nMESSAGE "Use "npm ci" here, \\"not\\" npm i" # why\n}',
      want: [
        {
          severity: 'warning',
          code: 'stray-quote',
          line: 3,
          column: 14,
          message: 'this `"` is read as part of the string around it; write `\\"` to say so',
        },
        {
          severity: 'warning',
          code: 'stray-quote',
          line: 3,
          column: 21,
          message: 'this `"` is read as part of the string around it; write `\\"` to say so',
        },
      ],
      ids: ['a'],
    },
    {
      name: 'stray quote: warning, the string reads on',
      text: 'rule a {\nLOG any\nMESSAGE "say "hi" twice"\n}',
      want: [
        {
          severity: 'warning',
          code: 'stray-quote',
          line: 3,
          column: 14,
          message: 'this `"` is read as part of the string around it; write `\\"` to say so',
        },
        {
          severity: 'warning',
          code: 'stray-quote',
          line: 3,
          column: 17,
          message: 'this `"` is read as part of the string around it; write `\\"` to say so',
        },
      ],
      ids: ['a'],
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const parsed = parseRules(tc.text, 'a.rules');
      assert.deepEqual(
        parsed.diagnostics.map(({ severity, code, line, column, message }) => ({
          severity,
          code,
          line,
          column,
          message,
        })),
        tc.want,
      );
      assert.ok(parsed.diagnostics.every((d) => d.file === 'a.rules'));
      assert.deepEqual(
        parsed.rules.map((rule) => rule.id),
        tc.ids,
      );
    });
  }
});

describe('parseRules: hostile input', () => {
  it('a megabyte of junk: a bounded number of diagnostics, no rules', () => {
    let seed = 1;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = 'rule{}()"#\\ \n\tabcIFANDOR\0é';
    const junk = Array.from({ length: 1 << 20 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const parsed = parseRules(junk, 'junk.rules');
    assert.ok(parsed.diagnostics.length <= 202, `${parsed.diagnostics.length} diagnostics`);
    assert.ok(parsed.diagnostics.some((d) => d.severity === 'error'));
  });

  it('NUL bytes are ordinary characters', () => {
    const parsed = parseRules('rule a\0b {\nDENY any\nIF command CONTAINS "\0"\n}', 'a.rules');
    assert.deepEqual(parsed.diagnostics, []);
    assert.equal(parsed.rules[0]?.id, 'a\0b');
    assert.equal(firstCondition(parsed).value, '\0');
  });

  it('thousands of rules all load, in file order', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `rule r${i} {\nDENY write\nIF path GLOB "*.${i}"\n}`).join(
      '\n',
    );
    const parsed = parseRules(text, 'many.rules');
    assert.deepEqual(parsed.diagnostics, []);
    assert.equal(parsed.rules.length, 5000);
    assert.equal(parsed.rules[4999]?.id, 'r4999');
  });

  it('deeply nested parentheses are an error, not a crash', () => {
    const depth = 100_000;
    const text = `rule a {\nDENY any\nIF ${'('.repeat(depth)}command CONTAINS "x"${')'.repeat(depth)}\n}\nrule b { LOG any }`;
    const parsed = parseRules(text, 'a.rules');
    assert.deepEqual(
      parsed.diagnostics.map((d) => [d.code, d.line, d.column, d.message]),
      [['parse', 3, 104, 'conditions nest deeper than 100 levels of parentheses and NOT']],
    );
    assert.deepEqual(
      parsed.rules.map((rule) => rule.id),
      ['b'],
    );
  });

  it('a megabyte-long string value', () => {
    const value = 'x'.repeat(1 << 20);
    const parsed = parseRules(`rule a {\nDENY any\nIF command CONTAINS "${value}"\n}`, 'a.rules');
    assert.equal(firstCondition(parsed).value.length, 1 << 20);
  });

  it('a flood of warnings cannot hide a later error', () => {
    const rules = Array.from({ length: 150 }, (_, i) => `rule w${i} {\n}`).join('\n');
    const parsed = parseRules(`${rules}\nrule bad {\npriority x\n}`, 'a.rules');
    assert.ok(parsed.diagnostics.some((d) => d.severity === 'error' && d.code === 'parse'));
    assert.ok(
      parsed.diagnostics.some(
        (d) => d.code === 'too-many-problems' && d.message === '50 more warnings in this file are not listed',
      ),
    );
  });
});
