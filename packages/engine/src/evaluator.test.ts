// As the engine runs on Node: with V8's linear-time regex engine (the bounds under test depend on it).
import './node/v8-regexp-flags';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileRules } from './compiler';
import { evaluate, UNANALYZABLE_RULE_ID } from './evaluator';
import { parseRules } from './parser';
import { MAX_DEPTH, MAX_WORK } from './shell/limits';
import type { Capability, EvalResult, ToolCall } from './types';

function rulesOf(...files: string[]) {
  const parsed = files.map((text, i) => parseRules(text, `${i}.rules`));
  for (const file of parsed)
    assert.deepEqual(
      file.diagnostics.filter((d) => d.severity === 'error'),
      [],
      'test rules must parse',
    );
  return compileRules(parsed);
}

const CAPABILITY_OF_TOOL: Record<string, Capability> = {
  Bash: 'execute',
  Write: 'write',
  Edit: 'write',
  Read: 'read',
  WebFetch: 'network',
};

function call(tool: string, input: Record<string, unknown>): ToolCall {
  return { tool, input, capability: CAPABILITY_OF_TOOL[tool] ?? 'agent', client: 'test' };
}

const bash = (command: string): ToolCall => call('Bash', { command });
const write = (file_path: string, content = ''): ToolCall => call('Write', { file_path, content });

/** The verdict without its timing. */
function decide(
  ruleset: ReturnType<typeof rulesOf>,
  toolCall: ToolCall,
  explain = false,
): Omit<EvalResult, 'durationMs'> {
  const { durationMs, ...rest } = evaluate(ruleset, toolCall, { explain });
  assert.ok(durationMs >= 0);
  return rest;
}

describe('evaluate: which rule decides', () => {
  const cases: Array<{ name: string; files: string[]; call: ToolCall; want: [string, string | undefined] }> = [
    { name: 'no rules: allow', files: [], call: bash('ls'), want: ['allow', undefined] },
    {
      name: 'no rule fires: allow',
      files: ['rule a {\nDENY execution\nIF command CONTAINS "rm"\n}'],
      call: bash('ls'),
      want: ['allow', undefined],
    },
    {
      name: 'higher priority first, whatever the file order',
      files: ['rule low {\npriority 10\nDENY execution\n}', 'rule high {\npriority 90\nALLOW execution\n}'],
      call: bash('ls'),
      want: ['allow', 'high'],
    },
    {
      name: 'equal priorities: earlier file first',
      files: ['rule one { LOG execution }', 'rule two { DENY execution }'],
      call: bash('ls'),
      want: ['log', 'one'],
    },
    {
      name: 'equal priorities: earlier rule in the file first',
      files: ['rule one { SHADOW execution }\nrule two { DENY execution }'],
      call: bash('ls'),
      want: ['shadow', 'one'],
    },
    {
      name: 'first match wins even over a stricter later rule',
      files: ['rule ok {\nALLOW execution\nIF command STARTS_WITH "git"\n}\nrule no { DENY execution }'],
      call: bash('git status'),
      want: ['allow', 'ok'],
    },
    {
      name: 'disabled rules never decide',
      files: ['rule off {\nenabled false\npriority 100\nDENY execution\n}\nrule on { FORCE execution }'],
      call: bash('ls'),
      want: ['force', 'on'],
    },
    {
      name: 'a rule for another capability is skipped',
      files: ['rule w {\npriority 100\nDENY write\n}\nrule e { ASK execution }'],
      call: bash('ls'),
      want: ['ask', 'e'],
    },
    {
      name: 'an any rule applies to every capability',
      files: ['rule all { LOG any }'],
      call: call('WebFetch', { url: 'x' }),
      want: ['log', 'all'],
    },
    {
      name: 'precedence: a OR b AND c fires on a alone',
      files: ['rule p {\nDENY write\nIF path GLOB "*.env" OR path GLOB "*.ts" AND content CONTAINS "eval("\n}'],
      call: write('/p/.env'),
      want: ['block', 'p'],
    },
    {
      name: 'precedence: a OR b AND c does not fire on b alone',
      files: ['rule p {\nDENY write\nIF path GLOB "*.env" OR path GLOB "*.ts" AND content CONTAINS "eval("\n}'],
      call: write('/p/a.ts', 'x'),
      want: ['allow', undefined],
    },
    {
      name: 'parentheses: (a OR b) AND c needs c',
      files: ['rule p {\nDENY write\nIF (path GLOB "*.env" OR path GLOB "*.ts") AND content CONTAINS "secret"\n}'],
      call: write('/p/.env', 'x'),
      want: ['allow', undefined],
    },
    {
      name: 'NOT (a OR b)',
      files: ['rule p {\nDENY write\nIF NOT (path GLOB "*.md" OR path GLOB "*.txt")\n}'],
      call: write('/p/a.md'),
      want: ['allow', undefined],
    },
    {
      name: 'NOT CONTAINS on a missing field holds',
      files: ['rule p {\nDENY write\nIF content NOT CONTAINS "x"\n}'],
      call: call('Write', { file_path: '/a' }),
      want: ['block', 'p'],
    },
    {
      name: 'capability field lets one any rule single out writes',
      files: ['rule ci {\nDENY any\nIF capability EQUALS "write" AND path GLOB ".github/workflows/**"\n}'],
      call: write('/r/.github/workflows/ci.yml'),
      want: ['block', 'ci'],
    },
    {
      name: 'capability field: a read of the same path passes',
      files: ['rule ci {\nDENY any\nIF capability EQUALS "write" AND path GLOB ".github/workflows/**"\n}'],
      call: call('Read', { file_path: '/r/.github/workflows/ci.yml' }),
      want: ['allow', undefined],
    },
    {
      name: 'MultiEdit content is every new_string',
      files: ['rule p {\nDENY write\nIF content LINE_REGEX "^\\\\s*debugger"\n}'],
      call: call('Edit', {
        file_path: '/a.js',
        edits: [
          { old_string: 'a', new_string: 'x' },
          { old_string: 'b', new_string: '  debugger;' },
        ],
      }),
      want: ['block', 'p'],
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const result = decide(rulesOf(...tc.files), tc.call);
      assert.deepEqual([result.decision, result.ruleId], tc.want);
    });
  }

  it('carries the deciding rule message, prompt and substitute', () => {
    const ruleset = rulesOf('rule f {\nFORCE execution\nMESSAGE "why"\nPROMPT "ok?"\nSUBSTITUTE "npm ci"\n}');
    assert.deepEqual(decide(ruleset, bash('npm install')), {
      decision: 'force',
      ruleId: 'f',
      message: 'why',
      prompt: 'ok?',
      substitute: 'npm ci',
      matched: [],
    });
  });
});

describe('evaluate: shell views of execute calls', () => {
  const cases: Array<{ name: string; rule: string; command: string; want: string }> = [
    {
      name: 'a command after ;',
      rule: 'command STARTS_WITH "rm -rf /"',
      command: 'FOO=1 sudo "rm" -rf / ; ls',
      want: 'block',
    },
    {
      name: 'a command after &&',
      rule: 'command REGEX "^git push.*--force"',
      command: 'ls && git push --force',
      want: 'block',
    },
    { name: 'the raw string still counts', rule: 'command CONTAINS "; ls"', command: 'rm x ; ls', want: 'block' },
    {
      name: 'quoted data is not a command',
      rule: 'command STARTS_WITH "rm -rf"',
      command: 'echo "rm -rf /"',
      want: 'allow',
    },
    {
      name: 'input.command reads the view too',
      rule: 'input.command EQUALS "ls"',
      command: 'cd /tmp && ls',
      want: 'block',
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const ruleset = rulesOf(`rule r {\nDENY execution\nIF ${tc.rule}\n}`);
      assert.equal(decide(ruleset, bash(tc.command)).decision, tc.want);
    });
  }

  it('views only replace the command: other fields keep their values', () => {
    const ruleset = rulesOf(
      'rule r {\nDENY execution\nIF command EQUALS "ls" AND tool EQUALS "Bash" AND input.description EQUALS "list"\n}',
    );
    assert.equal(decide(ruleset, call('Bash', { command: 'cd / && ls', description: 'list' })).decision, 'block');
  });

  it('no views for non-execute calls', () => {
    const ruleset = rulesOf('rule r {\nDENY any\nIF command EQUALS "ls"\n}');
    assert.equal(decide(ruleset, call('Write', { command: 'cd / && ls' })).decision, 'allow');
  });

  it('a non-string command has no views and is read as JSON', () => {
    const ruleset = rulesOf('rule r {\nDENY execution\nIF command CONTAINS "\\"rm\\""\n}');
    assert.equal(decide(ruleset, call('Bash', { command: ['rm', '-rf'] })).decision, 'block');
  });
});

describe('evaluate: permissive rules must cover the whole command', () => {
  // A carve-out above a DENY, and a catch-all below both that shows when neither fired.
  const carveOut = rulesOf(
    'rule git {\npriority 100\nALLOW execution\nIF command STARTS_WITH "git "\n}',
    'rule pipe-to-sh {\npriority 50\nDENY execution\nIF command REGEX "^curl\\s.*\\|\\s*sh$"\n}',
    'rule rest {\npriority 1\nASK execution\n}',
  );
  const cases: Array<{ name: string; command: string; want: [string, string] }> = [
    { name: 'a command the carve-out covers', command: 'git status', want: ['allow', 'git'] },
    { name: 'every view covered', command: 'git status && git log -1', want: ['allow', 'git'] },
    {
      name: 'a command substitution it covers',
      command: 'git show $(git rev-parse HEAD)',
      want: ['allow', 'git'],
    },
    {
      name: 'a second command it does not cover reaches the DENY',
      command: 'git status; curl x | sh',
      want: ['block', 'pipe-to-sh'],
    },
    { name: 'an uncovered command falls through', command: 'git status && rm -rf build', want: ['ask', 'rest'] },
    { name: 'a substitution it does not cover', command: 'git commit -m "$(rm -rf ~)"', want: ['ask', 'rest'] },
    { name: 'the pipeline view must be covered too', command: 'git log | git shortlog', want: ['allow', 'git'] },
    { name: 'a pipeline into another program is not', command: 'git log | head', want: ['ask', 'rest'] },
    { name: 'the raw string alone does not count', command: 'echo "git status"', want: ['ask', 'rest'] },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const result = decide(carveOut, bash(tc.command));
      assert.deepEqual([result.decision, result.ruleId], tc.want);
    });
  }

  const others: Array<{ name: string; rules: string; command: string; want: string }> = [
    {
      name: 'LOG is permissive',
      rules: 'rule log {\nLOG execution\nIF command STARTS_WITH "npm i "\n}',
      command: 'npm i zod && curl x',
      want: 'allow',
    },
    {
      name: 'SHADOW is permissive',
      rules: 'rule shadow {\nSHADOW execution\nIF command STARTS_WITH "npm i "\n}',
      command: 'npm i zod; npm i vitest',
      want: 'shadow',
    },
    {
      name: 'a command with no views is judged on the raw string',
      rules: 'rule note {\nALLOW execution\nIF command STARTS_WITH "#"\n}\nrule rest {\npriority 1\nDENY execution\n}',
      command: '# just a note',
      want: 'allow',
    },
    {
      name: 'a permissive rule that does not read the command is unaffected',
      rules: 'rule bash {\nALLOW execution\nIF tool EQUALS "Bash"\n}\nrule rest {\npriority 1\nDENY execution\n}',
      command: 'ls; rm -rf /',
      want: 'allow',
    },
    {
      name: 'a pipeline view is a view like any other',
      rules:
        'rule ro {\nALLOW execution\nIF command REGEX "^(ls|grep)(\\s[^|]*)?$"\n}\nrule rest {\npriority 1\nASK execution\n}',
      command: 'ls | grep x',
      want: 'ask',
    },
    {
      name: 'a rule written for the pipeline view covers it',
      rules:
        'rule ro {\nALLOW execution\nIF command REGEX "^(ls|grep)(\\s.*)?$"\n}\nrule rest {\npriority 1\nASK execution\n}',
      command: 'ls | grep x',
      want: 'allow',
    },
  ];
  for (const tc of others) {
    it(tc.name, () => {
      assert.equal(decide(rulesOf(tc.rules), bash(tc.command)).decision, tc.want);
    });
  }
});

describe('evaluate: commands too complex to analyse', () => {
  const deny = 'rule rm {\npriority 50\nDENY execution\nIF command STARTS_WITH "rm -rf /"\n}';
  const tooDeep = `${'$('.repeat(MAX_DEPTH + 1)}rm -rf /`;
  const tooLong = `${'ls; '.repeat(MAX_WORK)}rm -rf /`;
  const cases: Array<{ name: string; files: string[]; command: string; want: [string, string | undefined] }> = [
    {
      name: 'nesting past the limit is asked, not allowed',
      files: [deny],
      command: tooDeep,
      want: ['ask', UNANALYZABLE_RULE_ID],
    },
    {
      name: 'more work than the budget is asked',
      files: [deny],
      command: tooLong,
      want: ['ask', UNANALYZABLE_RULE_ID],
    },
    {
      name: 'a restrictive rule that fires on what was found still decides',
      files: [deny],
      command: `rm -rf /; ${tooDeep}`,
      want: ['block', 'rm'],
    },
    {
      name: 'a carve-out cannot vouch for a command it could not see whole',
      files: ['rule ok {\npriority 100\nALLOW execution\nIF command REGEX "^"\n}', deny],
      command: tooDeep,
      want: ['ask', UNANALYZABLE_RULE_ID],
    },
    {
      name: 'nor can a permissive rule that does not read the command',
      files: ['rule ok {\npriority 100\nLOG execution\n}', deny],
      command: tooDeep,
      want: ['ask', UNANALYZABLE_RULE_ID],
    },
    {
      name: 'rules that never read the command never ask',
      files: ['rule ok {\nLOG execution\nIF tool EQUALS "Bash"\n}', 'rule w {\nDENY any\nIF path CONTAINS "x"\n}'],
      command: tooDeep,
      want: ['log', 'ok'],
    },
    {
      name: 'command rules for other capabilities do not count',
      files: ['rule w {\nDENY write\nIF command CONTAINS "rm"\n}'],
      command: tooDeep,
      want: ['allow', undefined],
    },
    {
      name: 'a command within every limit is judged as usual',
      files: [deny],
      command: 'ls; echo ok',
      want: ['allow', undefined],
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const result = decide(rulesOf(...tc.files), bash(tc.command));
      assert.deepEqual([result.decision, result.ruleId], tc.want);
    });
  }

  const messages: Array<{ command: string; limit: RegExp }> = [
    { command: tooDeep, limit: /levels of nesting/ },
    { command: tooLong, limit: /work budget/ },
    { command: `sudo nice echo "${'a'.repeat(800_000)}"`, limit: /MiB of command text/ },
  ];
  for (const { command, limit } of messages) {
    it(`says which limit was hit: ${limit.source}`, () => {
      const result = decide(rulesOf(deny), bash(command), true);
      assert.match(
        result.message ?? '',
        /^This command is too large or too deeply nested for ssg to analyse safely \(/,
      );
      assert.match(result.message ?? '', limit);
      assert.match(result.message ?? '', /split it into smaller commands or run it yourself\.$/);
      assert.ok(result.prompt);
      assert.deepEqual(result.matched, []);
    });
  }
});

describe('evaluate: explain', () => {
  const cases: Array<{ name: string; rule: string; call: ToolCall; want: EvalResult['matched'] }> = [
    {
      name: 'the conditions of the group that fired',
      rule: 'DENY write\nIF path GLOB "*.md"\nOR path GLOB "*.env" AND content CONTAINS "KEY"',
      call: write('/p/.env', 'KEY=1'),
      want: [
        { field: 'path', op: 'GLOB', negated: false, value: '*.env' },
        { field: 'content', op: 'CONTAINS', negated: false, value: 'KEY' },
      ],
    },
    {
      name: 'negated conditions and the first OR alternative that held',
      rule: 'DENY write\nIF content NOT CONTAINS "ok" AND (path GLOB "*.js" OR path GLOB "*.ts")',
      call: write('/p/a.ts', 'x'),
      want: [
        { field: 'content', op: 'CONTAINS', negated: true, value: 'ok' },
        { field: 'path', op: 'GLOB', negated: false, value: '*.ts' },
      ],
    },
    {
      name: 'NOT (a OR b) is explained by both failing',
      rule: 'DENY write\nIF NOT (path GLOB "*.md" OR path GLOB "*.txt")',
      call: write('/p/a.ts'),
      want: [
        { field: 'path', op: 'GLOB', negated: true, value: '*.md' },
        { field: 'path', op: 'GLOB', negated: true, value: '*.txt' },
      ],
    },
    {
      name: 'NOT (a AND b) is explained by the one that fails',
      rule: 'DENY write\nIF NOT (path GLOB "*.ts" AND content CONTAINS "x")',
      call: write('/p/a.ts', 'y'),
      want: [{ field: 'content', op: 'CONTAINS', negated: true, value: 'x' }],
    },
    {
      name: 'execute calls name the view that matched',
      rule: 'DENY execution\nIF command STARTS_WITH "rm "',
      call: bash('ls; rm -rf x'),
      want: [{ field: 'command', op: 'STARTS_WITH', negated: false, value: 'rm ', view: 'rm -rf x' }],
    },
    {
      name: 'execute calls name the raw view',
      rule: 'DENY execution\nIF command CONTAINS "rm"',
      call: bash('ls; rm -rf x'),
      want: [{ field: 'command', op: 'CONTAINS', negated: false, value: 'rm', view: 'raw' }],
    },
    {
      name: 'a permissive rule names every view it held on',
      rule: 'ALLOW execution\nIF command STARTS_WITH "git "',
      call: bash('git add . && git commit -qm x'),
      want: [
        { field: 'command', op: 'STARTS_WITH', negated: false, value: 'git ', view: 'git add .' },
        { field: 'command', op: 'STARTS_WITH', negated: false, value: 'git ', view: 'git commit -qm x' },
      ],
    },
    {
      name: 'a permissive rule on a command without views names the raw string',
      rule: 'ALLOW execution\nIF command STARTS_WITH "#"',
      call: bash('# note'),
      want: [{ field: 'command', op: 'STARTS_WITH', negated: false, value: '#', view: 'raw' }],
    },
    { name: 'an unconditional rule matched nothing in particular', rule: 'DENY write', call: write('/a'), want: [] },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const ruleset = rulesOf(`rule r {\n${tc.rule}\n}`);
      assert.deepEqual(decide(ruleset, tc.call, true).matched, tc.want);
      assert.deepEqual(decide(ruleset, tc.call, false).matched, []);
    });
  }
});

describe('evaluate: conditions that cannot be compiled fail secure', () => {
  const cases: Array<{ name: string; rule: string; want: string }> = [
    { name: 'DENY with an invalid regex fires', rule: 'DENY write\nIF content REGEX "(oops"', want: 'block' },
    {
      name: 'DENY with NOT REGEX invalid still fires',
      rule: 'DENY write\nIF content NOT REGEX "(oops"',
      want: 'block',
    },
    {
      name: 'DENY with the invalid regex under NOT still fires',
      rule: 'DENY write\nIF NOT (content REGEX "(oops")',
      want: 'block',
    },
    { name: 'ASK with an unsafe regex fires', rule: 'ASK write\nIF content REGEX "(?=x)(a+)+"', want: 'ask' },
    {
      name: 'ALLOW with an invalid regex does not fire',
      rule: 'ALLOW write\nIF content REGEX "(oops"',
      want: 'allow-by-default',
    },
    {
      name: 'LOG with an invalid glob does not fire',
      rule: 'LOG write\nIF path GLOB "[z-a]"',
      want: 'allow-by-default',
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const parsed = parseRules(
        `rule r {\npriority 90\n${tc.rule}\n}\nrule fallback {\npriority 1\nDENY write\nIF path EQUALS "/never"\n}`,
        'a.rules',
      );
      const result = decide(compileRules([parsed]), write('/a', 'text'));
      assert.equal(result.ruleId === undefined ? 'allow-by-default' : result.decision, tc.want);
    });
  }
});

describe('evaluate: odd calls never throw', () => {
  const ruleset = rulesOf(
    'rule r {\nDENY any\nIF command CONTAINS "x" OR path GLOB "*.env" OR input.a.b EQUALS "1"\n}',
  );
  const cases: Array<{ name: string; call: ToolCall }> = [
    {
      name: 'input is null',
      call: { tool: 'Bash', capability: 'execute', client: 't', input: null as unknown as Record<string, unknown> },
    },
    {
      name: 'input is an array',
      call: { tool: 'Bash', capability: 'execute', client: 't', input: [] as unknown as Record<string, unknown> },
    },
    {
      name: 'unknown capability',
      call: { tool: 'X', capability: 'teleport' as Capability, client: 't', input: { command: 'x' } },
    },
    {
      name: 'a cyclic input value',
      call: (() => {
        const input: Record<string, unknown> = {};
        input.self = input;
        return call('Bash', input);
      })(),
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const result = evaluate(ruleset, tc.call);
      assert.ok(['allow', 'block'].includes(result.decision));
    });
  }

  for (const capability of ['teleport', 'constructor', '__proto__']) {
    it(`unknown capability ${capability} still meets the any rules`, () => {
      const odd = { tool: 'X', capability: capability as Capability, client: 't', input: { command: 'x' } };
      assert.deepEqual([evaluate(ruleset, odd).decision, evaluate(ruleset, odd).ruleId], ['block', 'r']);
    });
  }

  it('a megabyte command and content against pathological rules returns', () => {
    const heavy = rulesOf(
      'rule a {\nDENY any\nIF command REGEX "(a+)+$" AND command REGEX "\\\\s+--force"\n}',
      'rule b {\nDENY any\nIF content LINE_REGEX "(?i)(x+)+y" OR content REGEX ".*password"\n}',
    );
    assert.equal(evaluate(heavy, bash(`${' '.repeat(1 << 20)}rm -rf /`)).decision, 'allow');
    assert.equal(evaluate(heavy, write('/a', 'x'.repeat(1 << 20))).decision, 'allow');
  });
});

describe('evaluate: the target field', () => {
  const rules = rulesOf(`
rule home {
  DENY execution
  IF command REGEX "^rm\\s" AND target REGEX "^~$"
}
rule outside {
  ASK execution
  IF command REGEX "^rm\\s" AND target REGEX "^/" AND target NOT REGEX "^/tmp(/|$)"
}
`);
  const inProject = (command: string): ToolCall => ({ ...bash(command), cwd: '/home/dev/project' });
  const home = { userHome: '/home/dev', ssgHome: '/home/dev/.ssg', secrets: [], hostConfigs: [], env: {} };

  it('pairs each target with its own command, not with another of the line', () => {
    assert.equal(decide(rules, bash('rm -rf build; ls ~')).decision, 'allow');
    assert.equal(decide(rules, bash('ls build; rm -rf ~')).decision, 'block');
    assert.equal(decide(rules, bash('rm -rf /tmp/x ~')).decision, 'block');
  });

  it('reads every spelling as the same target', () => {
    for (const spelling of ['rm -rf ~', 'rm -rf "$HOME"', 'cd ~ && rm -rf .', 'rm -rf ~/x/..', 'H=~; rm -rf $H/']) {
      assert.equal(decide(rules, bash(spelling)).decision, 'block', spelling);
    }
  });

  it('places relative targets against the call, and the home when the evaluator is told it', () => {
    assert.equal(decide(rules, bash('rm -rf ..')).decision, 'allow');
    assert.equal(decide(rules, inProject('rm -rf ../other')).decision, 'ask');
    assert.equal(evaluate(rules, inProject('rm -rf ..'), { protect: home }).decision, 'block');
    assert.equal(decide(rules, inProject('rm -rf /home/dev/project/build')).decision, 'allow');
    assert.equal(decide(rules, inProject('rm -rf /tmp/../srv')).decision, 'ask');
  });

  it('is empty on the raw string and on views without targets', () => {
    assert.equal(decide(rules, bash('echo rm -rf ~')).decision, 'allow');
    assert.equal(decide(rules, bash('ls; cat x')).decision, 'allow');
  });
});
