// The table test every shell-analysis suite uses: a command and the views it must yield, in order, with the
// analysis complete (nothing cut short).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeShell } from './analyze';

/** [command string, the views it must yield in this order]. */
export type ViewCase = readonly [input: string, views: readonly string[]];

/** A command as a test's name, cut to 100 characters. */
export function testName(input: string): string {
  const shown = JSON.stringify(input);
  return shown.length > 100 ? `${shown.slice(0, 97)}...` : shown;
}

export function viewTable(cases: readonly ViewCase[]): void {
  for (const [input, views] of cases) {
    test(testName(input), () => {
      const got = analyzeShell(input);
      assert.deepEqual(got.commands, views);
      assert.equal(got.truncated, false);
    });
  }
}
