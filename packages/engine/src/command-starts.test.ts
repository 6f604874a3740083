import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CommandStarts } from './command-starts';
import { compileOperator } from './operators';

describe('CommandStarts', () => {
  it('admits exactly the texts that start with one of its prefixes', () => {
    const text = fc.string({ unit: fc.constantFrom('r', 'm', 'g', 'i', 't', ' ', '-'), maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(
          text.filter((p) => p !== ''),
          { minLength: 1, maxLength: 6 },
        ),
        text,
        (prefixes, command) => {
          assert.equal(
            new CommandStarts(prefixes).admits(command),
            prefixes.some((p) => command.startsWith(p)),
          );
        },
      ),
      { seed: 1130, numRuns: 2000 },
    );
  });

  it('never rules out a text its regex matches (the leading prefixes of anchored patterns)', () => {
    const patterns = ['^(rm|unlink)\\s', '^git(\\s|\\s[^;&|\\n]*\\s)push\\s', '^(npx|npm\\s+exec)\\s', '^(a|ab|abc)$'];
    const text = fc.string({
      unit: fc.constantFrom('r', 'm', 'g', 'i', 't', 'a', 'b', 'c', ' ', 'p', 'u', 's', 'h', 'n', 'x'),
      maxLength: 14,
    });
    for (const pattern of patterns) {
      const operator = compileOperator('REGEX', pattern);
      assert.ok(operator.ok && operator.leading, pattern);
      const starts = new CommandStarts(operator.leading);
      fc.assert(
        fc.property(text, (command) => !operator.test(command) || starts.admits(command)),
        { seed: 1131, numRuns: 3000 },
      );
    }
  });

  it('gives no prefixes for caseless or unanchored patterns', () => {
    for (const pattern of ['(?i)^rm\\s', 'rm\\s', '^(rm)?x', '(?m)^rm']) {
      const operator = compileOperator('REGEX', pattern);
      assert.ok(operator.ok);
      assert.equal(operator.leading, undefined, pattern);
    }
  });
});
