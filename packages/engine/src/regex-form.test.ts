// As the engine runs on Node: with V8's linear-time regex engine (the bounds under test depend on it).
import './node/v8-regexp-flags';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeRegex, isCurrentForm, REGEX_FORM_VERSION, type RegexForm } from './regex-form';

describe('describeRegex', () => {
  const cases: Array<{ pattern: string; want: Omit<Extract<RegexForm, { ok: true }>, 'version' | 'ok'> }> = [
    {
      pattern: 'rm\\s+-rf',
      want: { source: 'rm\\s+-rf', flags: '', literals: ['-rf', 'rm'], literalFlags: '', linear: true },
    },
    // Case folding is spelled out for the linear-time engine; the literals are still searched case-insensitively.
    {
      pattern: '(?i)key\\s*=',
      want: { source: '[kK][eE][yY]\\s*=', flags: '', literals: ['key', '='], literalFlags: 'i', linear: true },
    },
    {
      pattern: '(?i)café',
      want: { source: 'café', flags: 'i', literals: ['café'], literalFlags: 'i', reach: 4 },
    },
    {
      pattern: '[a-f0-9]{40,}',
      want: {
        source: '[a-f0-9]{16}[a-f0-9]{16}[a-f0-9]{8}[a-f0-9]*',
        flags: '',
        literals: [],
        literalFlags: '',
        linear: true,
      },
    },
    {
      pattern: 'x$',
      want: { source: 'x$', inner: 'x[^\\s\\S]', flags: '', literals: ['x'], literalFlags: '', linear: true, reach: 1 },
    },
    {
      pattern: '(?m)x$',
      want: { source: 'x$', flags: 'm', literals: ['x'], literalFlags: '', linear: true, reach: 1 },
    },
    {
      pattern: 'foo\\z',
      want: {
        source: 'foo$',
        inner: 'foo[^\\s\\S]',
        flags: '',
        literals: ['foo'],
        literalFlags: '',
        linear: true,
        reach: 3,
      },
    },
    { pattern: '\\p{Lu}x', want: { source: '\\p{Lu}x', flags: 'u', literals: ['x'], literalFlags: 'u', reach: 4 } },
    { pattern: '(?P<w>ab)-(?P=w)', want: { source: '(?<w>ab)-\\k<w>', flags: '', literals: ['-'], literalFlags: '' } },
    {
      pattern: '(?i)^(rm|unlink)\\s',
      want: {
        source: '^([rR][mM]|[uU][nN][lL][iI][nN][kK])\\s',
        flags: '',
        literals: [],
        literalFlags: 'i',
        leading: ['rm', 'unlink'],
        linear: true,
        reach: 7,
      },
    },
    {
      pattern: '(?m)^rm',
      want: { source: '^rm', flags: 'm', literals: ['rm'], literalFlags: '', linear: true, reach: 2 },
    },
  ];
  for (const tc of cases) {
    it(tc.pattern, () =>
      assert.deepEqual(describeRegex(tc.pattern), { version: REGEX_FORM_VERSION, ok: true, ...tc.want }),
    );
  }

  const refused: Array<{ pattern: string; code: 'invalid-regex' | 'unsafe-regex'; reason: RegExp }> = [
    { pattern: '(foo', code: 'invalid-regex', reason: /^unterminated group$/ },
    { pattern: 'foo\\K', code: 'invalid-regex', reason: /^\\K is not supported$/ },
    { pattern: 'a(?i)b', code: 'invalid-regex', reason: /inline flags/ },
    { pattern: '(?=x)(a+)+$', code: 'unsafe-regex', reason: /exponential/ },
  ];
  for (const tc of refused) {
    it(`refuses ${tc.pattern}`, () => {
      const form = describeRegex(tc.pattern);
      assert.ok(!form.ok);
      assert.equal(form.version, REGEX_FORM_VERSION);
      assert.equal(form.code, tc.code);
      assert.match(form.reason, tc.reason);
    });
  }

  it('is plain JSON: a round trip changes nothing', () => {
    for (const pattern of ['(?i)^import\\s+pickle', 'x$', '(foo', '[[:digit:]]{20}']) {
      const form = describeRegex(pattern);
      assert.deepEqual(JSON.parse(JSON.stringify(form)), form);
    }
  });
});

describe('isCurrentForm', () => {
  const good = describeRegex('x$');
  const refusedForm = describeRegex('(foo');
  const valid: Array<{ name: string; value: unknown }> = [
    { name: 'a usable form', value: good },
    { name: 'a refused form', value: refusedForm },
    { name: 'a form without inner', value: describeRegex('x') },
  ];
  for (const tc of valid) it(`accepts ${tc.name}`, () => assert.equal(isCurrentForm(tc.value), true));

  const invalid: Array<{ name: string; value: unknown }> = [
    { name: 'null', value: null },
    { name: 'a string', value: 'x$' },
    { name: 'an array', value: [good] },
    { name: 'another version', value: { ...good, version: REGEX_FORM_VERSION + 1 } },
    { name: 'no version', value: { ...good, version: undefined } },
    { name: 'ok as a string', value: { ...good, ok: 'true' } },
    { name: 'a missing source', value: { ...good, source: undefined } },
    { name: 'a numeric inner', value: { ...good, inner: 1 } },
    { name: 'the sticky flag', value: { ...good, flags: 'y' } },
    { name: 'the global flag', value: { ...good, flags: 'g' } },
    { name: 'a multiline literal search', value: { ...good, literalFlags: 'm' } },
    { name: 'literals that are not an array', value: { ...good, literals: 'x' } },
    { name: 'an empty literal', value: { ...good, literals: [''] } },
    { name: 'a numeric literal', value: { ...good, literals: [1] } },
    { name: 'an unknown refusal code', value: { ...refusedForm, code: 'invalid-glob' } },
    { name: 'a refusal without a reason', value: { ...refusedForm, reason: undefined } },
  ];
  for (const tc of invalid) it(`rejects ${tc.name}`, () => assert.equal(isCurrentForm(tc.value), false));
});
