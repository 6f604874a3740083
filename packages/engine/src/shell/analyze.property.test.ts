// Properties of the shell analysis on any input: it never throws, it answers the same text the same way, it stays
// inside its bounds (views, view text, work — a hostile input is cut short and says so, never hangs: each test has
// a timeout), and every target it reports is a normalised path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { placeTarget } from '../target-place';
import { analyzeShell } from './analyze';
import { MAX_VIEW_TEXT, MAX_VIEWS } from './limits';

/** Shell text: the characters that mean something to the lexer and parser, words, and anything at all. */
const PIECES = [
  ...[' ', '\t', '\n', ';', '&', '&&', '||', '|', '|&', '(', ')', '{ ', ' }', '<', '>', '>>', '<<', '<<<', '2>&1'],
  ...['"', "'", '\\', '$', '`', '$(', '${', '}', '$((', '))', '*', '?', '[', ']', '~', '=', '#', '!', '/', '..'],
  ...['rm', '-rf', 'cd', 'ln -s', 'for x in', 'do', 'done', 'if', 'then', 'fi', 'case', 'esac', 'bash -c', 'eval'],
  ...['xargs', 'parallel', ':::', 'EOF', 'sudo', 'python3 -c', 'node -e', 'HOME', 'X=', '$X', '$HOME', '~/', '/etc'],
];
const shellText = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((pieces) => pieces.join('')),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

describe('analyzeShell on any input', () => {
  it('never throws, is deterministic, and stays inside its bounds', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(shellText, (text) => {
        const first = analyzeShell(text);
        analyzeShell(`${text} `); // another text in between: the answer again comes from the cache
        const again = analyzeShell(text);
        assert.deepEqual(again, first);
        assert.ok(first.commands.length + first.targets.length <= MAX_VIEWS);
        assert.ok(first.commands.reduce((sum, view) => sum + view.length, 0) <= MAX_VIEW_TEXT);
        assert.ok(first.truncated === false || typeof first.truncated === 'string');
        assert.ok(Object.isFrozen(first.commands) && Object.isFrozen(first.targets));
      }),
      { seed: 1127, numRuns: 3000 },
    );
  });

  it('cuts a fragment repeated thousands of times short instead of working without end', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }), (pieces) => {
        const analysis = analyzeShell(pieces.join('').repeat(5_000));
        assert.ok(analysis.commands.length + analysis.targets.length <= MAX_VIEWS);
      }),
      { seed: 1128, numRuns: 200 },
    );
  });

  it('reports every target as a normalised path, and places it as one', () => {
    const segment = fc.constantFrom('a', 'b', '.', '..', '', '~', '$X', '*', '.ssh');
    const path = fc
      .tuple(fc.constantFrom('', '/', '~/', './', '../', '$HOME/', '$PWD/'), fc.array(segment, { maxLength: 8 }))
      .map(([start, segments]) => start + segments.join('/'));
    fc.assert(
      fc.property(
        fc.array(path, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('', 'cd a && ', 'cd .. && '),
        (paths, cd) => {
          for (const { target } of analyzeShell(`${cd}rm -rf ${paths.join(' ')}`).targets) {
            const placed = placeTarget(target, { cwd: '/home/dev/project', home: '/home/dev' });
            assert.doesNotMatch(placed, /\/\/|\/\.(\/|$)|.\/$/, `${target} → ${placed}`);
            // `..` stays only at the start or where it climbs out of an unknown value.
            const segments = placed.split('/');
            for (const [i, segment] of segments.entries()) {
              const before = segments[i - 1];
              const foldable = before !== undefined && before !== '..' && !before.includes('$UNKNOWN');
              assert.ok(segment !== '..' || !foldable, `${target} → ${placed}`);
            }
          }
        },
      ),
      { seed: 1129, numRuns: 2000 },
    );
  });
});
