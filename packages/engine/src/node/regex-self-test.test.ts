import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import './v8-regexp-flags';
import { regexBoundsProblem } from './regex-self-test';

describe('regexBoundsProblem', () => {
  test('the bounds hold on the Node this runs on, with the flags set', () => {
    assert.equal(regexBoundsProblem(), undefined);
  });

  test('a runtime without the linear-time engine is reported', () => {
    const withoutLinear = new Proxy(RegExp, {
      construct(target, [source, flags]: [string, string?]) {
        if (flags?.includes('l')) throw new SyntaxError('Invalid flags');
        return new target(source, flags);
      },
    });
    assert.match(regexBoundsProblem(withoutLinear) ?? '', /linear-time regex engine is not available/);
  });

  test('a runtime whose backtracking is not cut short is reported', () => {
    // Stands in for V8 without the backtrack limit: the probe "takes" 300 ms.
    const slow = new Proxy(RegExp, {
      construct(target, [source, flags]: [string, string?]) {
        const regex = new target(source, flags);
        if (flags === undefined) {
          regex.test = () => {
            const until = performance.now() + 300;
            while (performance.now() < until);
            return false;
          };
        }
        return regex;
      },
    });
    assert.match(regexBoundsProblem(slow) ?? '', /^an exponential pattern took \d+ ms/);
  });
});
