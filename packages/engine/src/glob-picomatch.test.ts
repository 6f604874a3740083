// The GLOB matcher against picomatch, the matcher most of the JavaScript ecosystem uses, on random patterns and
// paths (fast-check): wherever both define the same thing they must agree. ssg's globs match a path or any suffix
// of it that starts after a `/` (glob.ts), which in picomatch is the pattern or `**/` and the pattern, with dot
// files matched like any other. The generator keeps to what both define alike: relative paths, `**` only as a
// whole segment, no escapes; a class's `!` is given to picomatch as `^`. picomatch is a development dependency
// only; the engine never loads it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { compileGlob } from './glob';

const letter = fc.constantFrom('a', 'b', 'c', '.', '-');
const name = fc.array(letter, { minLength: 1, maxLength: 4 }).map((chars) => chars.join(''));
/** A segment of dots only (`.`, `..`) means a folder itself to picomatch, but a name to ssg: not generated. */
const isDots = (segment: string): boolean => /^\.+$/.test(segment);
const path = fc
  .array(
    name.filter((segment) => !isDots(segment)),
    { minLength: 1, maxLength: 5 },
  )
  .map((segments) => segments.join('/'));

/** One piece of a pattern segment. */
const piece = fc.oneof(
  letter,
  fc.constant('*'),
  fc.constant('?'),
  fc.constantFrom('[ab]', '[!a]', '[a-c]'),
  // Alternatives of letters: picomatch gives dots inside braces meanings of its own (ranges, `..` folders).
  fc.tuple(fc.stringMatching(/^[abc]{1,3}$/), fc.stringMatching(/^[abc]{1,3}$/)).map(([a, b]) => `{${a},${b}}`),
);
const segment = fc.oneof(
  { weight: 5, arbitrary: fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join('')) },
  { weight: 1, arbitrary: fc.constant('**') },
);
const pattern = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((segments) => segments.join('/'))
  // `**` inside a segment crosses folders for ssg (`a**` is `a` then anything); picomatch reads it as `*`.
  .filter((glob) => !glob.split('/').some((part) => isDots(part) || (part.includes('**') && part !== '**')));

function picomatchOracle(glob: string): (candidate: string) => boolean {
  const options = { dot: true };
  // picomatch reads a class's `!` as a member unless the class is `[^…]`; ssg takes both as negation, like bash.
  const spelled = glob.replaceAll('[!', '[^');
  // A final `/**` also matches the folder itself: picomatch does so for a literal folder (`a/**` matches `a`) but
  // not for a wildcard one (`*/**`); ssg does so for both.
  const collapsed = spelled.replace(/(^|\/)\*\*(?:\/\*\*)+(?=\/|$)/g, '$1**');
  const globs = collapsed.endsWith('/**') ? [collapsed, collapsed.slice(0, -3)] : [collapsed];
  const matchers = globs.flatMap((each) => [picomatch(each, options), picomatch(`**/${each}`, options)]);
  return (candidate) => matchers.some((matches) => matches(candidate));
}

describe('GLOB against picomatch', () => {
  test('random patterns and paths: the same answer', () => {
    fc.assert(
      fc.property(pattern, fc.array(path, { minLength: 1, maxLength: 8 }), (glob, paths) => {
        const ours = compileGlob(glob);
        const theirs = picomatchOracle(glob);
        for (const candidate of paths) {
          // picomatch's `X.*` needs a character after the dot (`*.*` misses `a.`); bash's star may be empty, as ssg's.
          if (/\.\*$/.test(glob) && candidate.endsWith('.')) continue;
          assert.equal(ours(candidate), theirs(candidate), `${glob} on ${candidate}`);
        }
      }),
      { numRuns: 2000, seed: 2050780934 },
    );
  });

  test('paths built to match: a match for picomatch is a match for ssg', () => {
    // Random paths rarely match random patterns; these are drawn from the pattern's own literal letters.
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'ab', 'ba', 'a.b'), { minLength: 1, maxLength: 4 }),
        (segments) => {
          const candidate = segments.join('/');
          for (const glob of ['*', '**/a', 'a*', '*/b', '{a,b}', '**', 'a/**', '*.b', '?']) {
            assert.equal(compileGlob(glob)(candidate), picomatchOracle(glob)(candidate), `${glob} on ${candidate}`);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
