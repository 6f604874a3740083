import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { InvalidToolCallError } from '@ssg/hosts/adapter/invalid-tool-call';
import { UnknownClientError } from '@ssg/hosts/registry';
import { RulesUnusableError } from '@ssg/node/rules/rules-unusable';
import type { Command } from './command';
import { usageError } from './errors';
import { ExitCode } from './exit-codes';
import { runCommand } from './run-command';
import { StdinTooLargeError } from '@ssg/node/stdin';

describe('runCommand', () => {
  let out: string;
  let err: string;
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const savedDebug = process.env.SSG_DEBUG;
  beforeEach(() => {
    out = '';
    err = '';
    process.stdout.write = ((chunk: string) => {
      out += chunk;
      return true;
    }) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string) => {
      err += chunk;
      return true;
    }) as typeof process.stderr.write;
    delete process.env.SSG_DEBUG;
  });
  afterEach(() => {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    if (savedDebug === undefined) delete process.env.SSG_DEBUG;
    else process.env.SSG_DEBUG = savedDebug;
  });

  const throwing = (error: unknown): Command => ({
    name: 'demo',
    summary: 's',
    help: 'Usage: ssg demo\n',
    run: () => {
      throw error;
    },
  });

  const cases: Array<{ name: string; error: unknown; code: number; stderr: RegExp }> = [
    {
      name: 'a usage error',
      error: usageError('bad flag', 'fix it'),
      code: ExitCode.usage,
      stderr: /^ssg demo: bad flag — fix it\n$/,
    },
    {
      name: 'unusable rules',
      error: new RulesUnusableError('rules path /x does not exist'),
      code: ExitCode.rulesUnusable,
      stderr: /^ssg demo: rules path \/x does not exist — check the --rules paths/,
    },
    {
      name: 'too much stdin',
      error: new StdinTooLargeError(8 * 1024 * 1024),
      code: ExitCode.badInput,
      stderr: /^ssg demo: stdin is larger than 8 MiB — /,
    },
    {
      name: 'a malformed call',
      error: new InvalidToolCallError('stdin is empty'),
      code: ExitCode.badInput,
      stderr: /^ssg demo: stdin is empty — send /,
    },
    {
      name: 'an unknown client',
      error: new UnknownClientError('x'),
      code: ExitCode.usage,
      stderr: /^ssg demo: unknown client 'x' — use one of: aider, antigravity, claude-code, .+, replit, generic /,
    },
    {
      name: 'a bug',
      error: new TypeError('cannot read properties of undefined'),
      code: ExitCode.internal,
      stderr:
        /^ssg demo: internal error: cannot read properties of undefined — this is a bug in ssg; run again with SSG_DEBUG=1 for details\n$/,
    },
    { name: 'a thrown string', error: 'boom', code: ExitCode.internal, stderr: /^ssg demo: internal error: boom — / },
  ];
  for (const tc of cases) {
    it(`turns ${tc.name} into exit ${tc.code} and one stderr line`, async () => {
      assert.equal(await runCommand(throwing(tc.error), []), tc.code);
      assert.match(err, tc.stderr);
      assert.equal(out, '');
    });
  }

  it('adds the stack trace of a bug with SSG_DEBUG=1', async () => {
    process.env.SSG_DEBUG = '1';
    assert.equal(await runCommand(throwing(new Error('kaputt')), []), ExitCode.internal);
    assert.match(err, /internal error: kaputt[\s\S]*\n\s+at /);
  });

  const helpCases: Array<{ argv: string[]; help: boolean }> = [
    { argv: ['--help'], help: true },
    { argv: ['--rules', 'x', '-h'], help: true },
    { argv: ['--', '--help'], help: false },
  ];
  for (const tc of helpCases) {
    it(`${tc.help ? 'prints' : 'does not print'} the help for ${tc.argv.join(' ')}`, async () => {
      const code = await runCommand(throwing(usageError('ran', 'x')), tc.argv);
      assert.equal(code, tc.help ? ExitCode.ok : ExitCode.usage);
      assert.equal(out, tc.help ? 'Usage: ssg demo\n' : '');
    });
  }
});
