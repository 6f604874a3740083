import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeAnsiC } from './ansi-c';

const cases: readonly { name: string; body: string; want: string }[] = [
  { name: 'empty', body: '', want: '' },
  { name: 'no escapes', body: 'rm -rf /', want: 'rm -rf /' },
  { name: 'hex', body: '\\x72\\x6d', want: 'rm' },
  { name: 'one hex digit', body: '\\x4g', want: '\x04g' },
  { name: 'hex without digits stays', body: '\\xZZ', want: '\\xZZ' },
  { name: 'octal', body: '\\162\\155', want: 'rm' },
  { name: 'octal wraps to a byte', body: '\\777', want: '\xff' },
  { name: 'octal reads at most three digits', body: '\\1621', want: 'r1' },
  { name: 'NUL is dropped', body: 'a\\000b\\0c\\x00d', want: 'abcd' },
  { name: 'short unicode', body: '\\u0072\\u6d', want: 'rm' },
  { name: 'long unicode', body: '\\U0001F600', want: '😀' },
  { name: 'unicode past the last code point stays', body: '\\U00110000', want: '\\U00110000' },
  { name: 'lone surrogate', body: '\\uD800', want: '\ud800' },
  { name: 'named escapes', body: '\\a\\b\\e\\E\\f\\n\\r\\t\\v', want: '\x07\b\x1b\x1b\f\n\r\t\v' },
  { name: 'quotes and backslash', body: '\\\\ \\\' \\" \\?', want: '\\ \' " ?' },
  { name: 'control characters', body: '\\cA\\cz\\c?', want: '\x01\x1a\x7f' },
  { name: 'unknown escape stays', body: '\\q\\%', want: '\\q\\%' },
  { name: 'trailing backslash stays', body: 'end\\', want: 'end\\' },
  { name: 'trailing \\c stays', body: 'end\\c', want: 'end\\c' },
];

for (const { name, body, want } of cases) {
  test(name, () => {
    assert.equal(decodeAnsiC(body), want);
  });
}

test('a long body decodes in one pass', () => {
  assert.equal(decodeAnsiC('\\x41'.repeat(100_000)), 'A'.repeat(100_000));
});
