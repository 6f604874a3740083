import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ensureBuilt, SAMPLE_RULES, Workspace } from '@ssg/testing/cli-harness';

interface CheckJson {
  ok: boolean;
  diagnostics: Array<{ file: string; line: number; column: number; severity: string; code: string; message: string }>;
  findings: Array<{ file: string; line: number; decision: string; rule_id: string; message: string | null }>;
  skipped: Array<{ file: string; reason: string }>;
  summary: {
    rule_files: number;
    files_checked: number;
    errors: number;
    warnings: number;
    blocked: number;
    asked: number;
  };
}

describe('ssg check (built CLI)', () => {
  before(() => ensureBuilt());

  /** A project with rules, a file holding an AWS key on line 3, an env file, and things check must skip. */
  function dirtyProject(): Workspace {
    const ws = new Workspace();
    ws.write('project/.ssg/rules/sample.rules', SAMPLE_RULES);
    ws.trust();
    ws.write('project/src/clean.ts', 'export const x = 1;\n');
    ws.write('project/src/keys.ts', 'const a = 1;\nconst b = 2;\nconst key = "AKIAABCDEFGHIJKLMNOP";\n');
    ws.write('project/config/app.env', 'PORT=3000\n');
    ws.write('project/node_modules/dep/leak.js', 'AKIAABCDEFGHIJKLMNOP');
    ws.write('project/.git/objects/x', 'AKIAABCDEFGHIJKLMNOP');
    writeFileSync(join(ws.project, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0x41, 0x4b, 0x49, 0x41]));
    ws.write('project/big.txt', `AKIAABCDEFGHIJKLMNOP\n${'x'.repeat(1024 * 1024)}`);
    return ws;
  }

  it('reports blocked and asked files with line numbers and exits 1', () => {
    const ws = dirtyProject();
    try {
      const run = ws.run(['check']);
      assert.equal(run.status, 1, run.stderr);
      const lines = run.stdout.trimEnd().split('\n');
      assert.deepEqual(lines, [
        'config/app.env:1: ask: ask-env-files: Write an env file?',
        'src/keys.ts:3: block: no-aws-keys: Do not write AWS keys.',
        'check: 1 rule file, 3 files checked — 0 errors, 0 warnings, 1 blocked, 1 asked',
      ]);
    } finally {
      ws.cleanup();
    }
  });

  it('--verbose lists the skipped files', () => {
    const ws = dirtyProject();
    try {
      const run = ws.run(['check', '--verbose']);
      assert.match(run.stdout, /^big\.txt: skipped: larger than 1 MiB$/m);
      assert.match(run.stdout, /^logo\.png: skipped: binary$/m);
    } finally {
      ws.cleanup();
    }
  });

  it('--json prints the same findings as one document', () => {
    const ws = dirtyProject();
    try {
      const run = ws.run(['check', '--json']);
      assert.equal(run.status, 1);
      const json = JSON.parse(run.stdout) as CheckJson;
      assert.equal(json.ok, false);
      assert.deepEqual(json.findings, [
        { file: 'config/app.env', line: 1, decision: 'ask', rule_id: 'ask-env-files', message: 'Write an env file?' },
        { file: 'src/keys.ts', line: 3, decision: 'block', rule_id: 'no-aws-keys', message: 'Do not write AWS keys.' },
      ]);
      assert.deepEqual(json.summary, { rule_files: 1, files_checked: 3, errors: 0, warnings: 0, blocked: 1, asked: 1 });
      assert.deepEqual(
        json.skipped.map((s) => s.file),
        ['big.txt', 'logo.png'],
      );
    } finally {
      ws.cleanup();
    }
  });

  it('exits 0 on a clean project (asks do not fail a check)', () => {
    const ws = new Workspace();
    try {
      ws.write('project/.ssg/rules/sample.rules', SAMPLE_RULES);
      ws.trust();
      ws.write('project/README.md', '# hello\n');
      ws.write('project/deploy/prod.env', 'X=1\n');
      const run = ws.run(['check', '.']);
      assert.equal(run.status, 0, run.stdout);
      assert.match(run.stdout, /^deploy\/prod\.env:1: ask: ask-env-files: /m);
      assert.match(run.stdout, /check: 1 rule file, 2 files checked — 0 errors, 0 warnings, 0 blocked, 1 asked\n$/);
    } finally {
      ws.cleanup();
    }
  });

  it('reports rule-file errors as path:line:col and exits 1', () => {
    const ws = new Workspace();
    try {
      ws.write(
        'project/packs/broken.rules',
        'rule fine {\n  DENY execution\n  IF command CONTAINS "x"\n}\n\nrule bad {\n  DENY execution\n  IF command SOUNDS_LIKE "x"\n}\n',
      );
      const run = ws.run(['check', '--rules', 'packs/broken.rules']);
      assert.equal(run.status, 1);
      assert.match(run.stdout, /^packs\/broken\.rules:8:\d+: error: .+ \[[a-z-]+\]$/m);
      assert.match(run.stdout, /1 error/);
    } finally {
      ws.cleanup();
    }
  });

  it('reports a regex that does not compile', () => {
    const ws = new Workspace();
    try {
      ws.write(
        'project/.ssg/rules/regex.rules',
        'rule bad-regex {\n  DENY execution\n  IF command REGEX "(unclosed"\n}\n',
      );
      const run = ws.run(['check', '--json']);
      const json = JSON.parse(run.stdout) as CheckJson;
      assert.ok(
        json.diagnostics.some((d) => d.file === '.ssg/rules/regex.rules' && d.line === 3),
        JSON.stringify(json.diagnostics),
      );
    } finally {
      ws.cleanup();
    }
  });

  it("checks single files, as aider's lint-cmd passes them", () => {
    const ws = dirtyProject();
    try {
      const run = ws.run(['check', 'src/keys.ts']);
      assert.equal(run.status, 1);
      assert.match(run.stdout, /^src\/keys\.ts:3: block: no-aws-keys: /m);
      assert.match(run.stdout, /1 file checked/);
      const clean = ws.run(['check', 'src/clean.ts']);
      assert.equal(clean.status, 0, clean.stdout);
    } finally {
      ws.cleanup();
    }
  });

  const usage: Array<{ name: string; args: string[]; status: number; stderr: RegExp }> = [
    {
      name: 'a path that does not exist',
      args: ['check', 'nope'],
      status: 2,
      stderr: /^ssg check: path nope does not exist — /,
    },
    { name: 'an unknown option', args: ['check', '--fix'], status: 2, stderr: /^ssg check: unknown option '--fix'/ },
    {
      name: 'a missing --rules path',
      args: ['check', '--rules', 'gone.rules'],
      status: 4,
      stderr: /^ssg check: rules path .*gone\.rules does not exist/,
    },
  ];
  for (const tc of usage) {
    it(`exits ${tc.status} on ${tc.name}`, () => {
      const ws = new Workspace();
      try {
        const run = ws.run(tc.args);
        assert.equal(run.status, tc.status, run.stderr);
        assert.match(run.stderr, tc.stderr);
        assert.equal(run.stdout, '');
      } finally {
        ws.cleanup();
      }
    });
  }
});
