import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCommandArgs } from './args';
import { CliError } from './errors';
import { ExitCode } from './exit-codes';

const options = {
  rules: { type: 'string', multiple: true },
  explain: { type: 'boolean' },
  client: { type: 'string' },
} as const;

describe('parseCommandArgs', () => {
  const good: Array<{ name: string; argv: string[]; values: Record<string, unknown>; positionals?: string[] }> = [
    { name: 'no arguments', argv: [], values: {} },
    { name: 'boolean flag', argv: ['--explain'], values: { explain: true } },
    { name: 'repeated option', argv: ['--rules', 'a', '--rules=b'], values: { rules: ['a', 'b'] } },
    { name: 'option with =', argv: ['--client=generic'], values: { client: 'generic' } },
    { name: 'positional after --', argv: ['--', '--explain'], values: {}, positionals: ['--explain'] },
  ];
  for (const tc of good) {
    it(`accepts ${tc.name}`, () => {
      const parsed = parseCommandArgs('eval', tc.argv, options, tc.positionals?.length ?? 0);
      assert.deepEqual({ ...parsed.values }, tc.values);
      assert.deepEqual(parsed.positionals, tc.positionals ?? []);
    });
  }

  const bad: Array<{ name: string; argv: string[]; message: string }> = [
    { name: 'unknown long option', argv: ['--bogus'], message: "unknown option '--bogus'" },
    { name: 'unknown short option', argv: ['-x'], message: "unknown option '-x'" },
    { name: 'missing value', argv: ['--rules'], message: 'option --rules needs a value' },
    { name: 'value for a boolean', argv: ['--explain=yes'], message: 'option --explain does not take a value' },
    { name: 'too many positionals', argv: ['extra'], message: "unexpected argument 'extra'" },
  ];
  for (const tc of bad) {
    it(`rejects ${tc.name} as a usage error`, () => {
      assert.throws(
        () => parseCommandArgs('eval', tc.argv, options),
        (error: unknown) =>
          error instanceof CliError &&
          error.exitCode === ExitCode.usage &&
          error.message === tc.message &&
          error.fix.includes('ssg eval --help'),
      );
    });
  }
});
