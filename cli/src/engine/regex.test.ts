import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BoundedRegex, compileRegex } from './regex';

function compiled(pattern: string): BoundedRegex {
  const result = compileRegex(pattern);
  assert.ok(result.ok, `${pattern} should compile: ${result.ok ? '' : result.reason}`);
  return result.regex;
}

describe('compileRegex: dialect', () => {
  const cases: Array<{ pattern: string; matches: string[]; misses: string[] }> = [
    { pattern: 'rm\\s+-rf', matches: ['sudo rm  -rf /'], misses: ['RM -rf', 'rm-rf'] },
    { pattern: '(?i)drop\\s+table', matches: ['DROP TABLE x', 'Drop\ttable'], misses: ['droptable'] },
    { pattern: '(?m)^git push', matches: ['cd x\ngit push'], misses: ['echo git push'] },
    { pattern: '(?s)BEGIN.*END', matches: ['BEGIN\n\nEND'], misses: ['END BEGIN'] },
    { pattern: '(?ims)^a.b$', matches: ['x\nA\nB\ny'], misses: ['xa\nb'] },
    { pattern: '(?i)(?m)^x', matches: ['a\nX'], misses: ['ax'] },
    { pattern: '(?P<word>ab)-(?P=word)', matches: ['ab-ab'], misses: ['ab-ba'] },
    { pattern: '\\Afoo', matches: ['foo bar'], misses: ['a foo'] },
    { pattern: 'foo\\z', matches: ['a foo'], misses: ['foo\n', 'foo bar'] },
    { pattern: '(?m)\\Afoo\\z', matches: ['foo'], misses: ['x\nfoo', 'foo\nx'] },
    { pattern: 'foo\\Z', matches: ['foo', 'foo\n'], misses: ['foo\nx'] },
    { pattern: 'TODO(?!\\()', matches: ['// TODO fix'], misses: ['TODO(me)'] },
    { pattern: '(?<=\\$)\\d+', matches: ['cost $42'], misses: ['cost 42'] },
    { pattern: '(?<!un)safe', matches: ['safe'], misses: ['unsafe'] },
    { pattern: '^(?:ab)+$', matches: ['abab'], misses: ['aba'] },
    { pattern: '^[[:digit:]]+$', matches: ['123'], misses: ['12a'] },
    { pattern: '[[:upper:]][[:lower:]]', matches: ['aBc'], misses: ['abc', 'ABC'] },
    { pattern: '^[[:space:]]*$', matches: [' \t'], misses: [' x'] },
    { pattern: '^a++b$', matches: ['aaab'], misses: ['b'] },
    { pattern: 'a\\hb', matches: ['a b', 'a\tb'], misses: ['a\nb', 'ahb'] },
    { pattern: '\\p{Lu}\\p{Ll}', matches: ['Éa'], misses: ['ab'] },
    // Case folding spelled out (for the linear-time engine) must match exactly what the `i` flag would.
    { pattern: '(?i)^[a-c]x[^d]$', matches: ['BXe', 'axE'], misses: ['dxe', 'bxD', 'bxd'] },
    { pattern: '(?i)^[\\x41-\\x43_]$', matches: ['a', 'C', '_'], misses: ['d'] },
    { pattern: '(?i)^\\w\\d\\s$', matches: ['A1 '], misses: ['A1x'] },
    { pattern: '(?i)^café$', matches: ['CAFÉ', 'Café'], misses: ['cafe'] },
    { pattern: '(?i)(a+)+$', matches: ['xAAa'], misses: ['x'] },
    {
      pattern: '(?i)key\\s*=\\s*["\\x27][a-z0-9]{16,}',
      matches: ["API_KEY = 'ABCDEFGHIJKLMNOP12'"],
      misses: ["key='short'"],
    },
  ];
  for (const tc of cases) {
    it(tc.pattern, () => {
      const regex = compiled(tc.pattern);
      for (const text of tc.matches) assert.equal(regex.test(text), true, `${JSON.stringify(text)} should match`);
      for (const text of tc.misses) assert.equal(regex.test(text), false, `${JSON.stringify(text)} should not match`);
    });
  }
});

describe('compileRegex: rejected patterns', () => {
  const cases: Array<{ pattern: string; code: 'invalid-regex' | 'unsafe-regex'; reason: RegExp }> = [
    { pattern: '(foo', code: 'invalid-regex', reason: /^unterminated group$/ },
    { pattern: '(?i)(foo', code: 'invalid-regex', reason: /^unterminated group$/ },
    { pattern: '[z-a]', code: 'invalid-regex', reason: /range out of order/ },
    { pattern: '*a', code: 'invalid-regex', reason: /nothing to repeat/ },
    {
      pattern: 'a(?i)b',
      code: 'invalid-regex',
      reason: /inline flags such as \(\?i\) are only understood at the very start/,
    },
    { pattern: '(?x) a b', code: 'invalid-regex', reason: /inline flags/ },
    { pattern: 'foo\\K', code: 'invalid-regex', reason: /^\\K is not supported$/ },
    { pattern: '(?=x)(a+)+$', code: 'unsafe-regex', reason: /exponential/ },
    { pattern: '(\\w*\\s?)*\\1', code: 'unsafe-regex', reason: /exponential/ },
    { pattern: '(?<=x)(a|a?)+', code: 'unsafe-regex', reason: /exponential/ },
    { pattern: '(?i)(é+)+$', code: 'unsafe-regex', reason: /exponential/ },
  ];
  for (const tc of cases) {
    it(tc.pattern, () => {
      const result = compileRegex(tc.pattern);
      assert.ok(!result.ok);
      assert.equal(result.code, tc.code);
      assert.match(result.reason, tc.reason);
    });
  }

  it('nested quantifiers are accepted where V8 can fall back to linear time', () => {
    for (const pattern of ['(a+)+$', '(\\w*\\s?)*$', '(?i)(a|a?)+$']) assert.ok(compileRegex(pattern).ok, pattern);
  });
});

describe('BoundedRegex: work stays bounded', () => {
  // Each of these takes minutes or hangs on a plain RegExp; here each call must simply return. (How fast is
  // measured in bench/, not asserted here.)
  const size = 64 * 1024;
  const cases: Array<{ pattern: string; text: string; want: boolean }> = [
    { pattern: '(a+)+$', text: `${'a'.repeat(size)}!`, want: false },
    { pattern: '(?i)(a+)+$', text: `${'A'.repeat(size)}!`, want: false },
    { pattern: '.*password', text: 'a'.repeat(size), want: false },
    { pattern: '.*password', text: `${'a'.repeat(size)}password`, want: true },
    { pattern: '\\s+--force', text: `${' '.repeat(size)}rm -rf /`, want: false },
    { pattern: '\\s+--force', text: `${' '.repeat(size)}x --force`, want: true },
    { pattern: 'curl.*\\|.*sh', text: 'curl '.repeat(size / 5), want: false },
    { pattern: '\\w+password', text: `${'a'.repeat(size)}passwor`, want: false },
    { pattern: '(?=a)a*a*!', text: 'a'.repeat(size), want: false },
    { pattern: 'a{32,}b', text: `${'a'.repeat(size)}!b`, want: false },
  ];
  for (const tc of cases) {
    it(`${tc.pattern} on ${tc.text.length} characters`, () => {
      const regex = compiled(tc.pattern);
      assert.equal(regex.test(tc.text), tc.want);
      assert.equal(regex.testLines(tc.text), tc.want);
    });
  }

  it('a pathological pattern over many lines', () => {
    const text = "INSERT INTO t VALUES ('aaaaaaaaaaaaaaaaaaaaaaaaaaa', 1);\n".repeat(200);
    assert.equal(compiled('(a+)+$').testLines(text), false);
  });
});

describe('BoundedRegex: windows over long texts', () => {
  const long = 'x'.repeat(10_000);
  const cases: Array<{ name: string; pattern: string; text: string; want: boolean }> = [
    { name: 'a match at the very end', pattern: 'rm -rf /', text: `${long}rm -rf /`, want: true },
    {
      name: 'a match across a window edge',
      pattern: 'ab{200}c',
      text: `${'x'.repeat(1900)}a${'b'.repeat(200)}c${long}`,
      want: true,
    },
    { name: '^ only at the start of the text', pattern: '^rm', text: `${'x'.repeat(1792)}rm${long}`, want: false },
    { name: '^ at the start of a long text', pattern: '^rm', text: `rm${long}`, want: true },
    { name: '$ only at the end of the text', pattern: 'x$', text: `${long}y`, want: false },
    { name: '$ at the end of a long text', pattern: 'yx$', text: `${long}yx`, want: true },
    {
      name: '\\b sees the character before a window',
      pattern: '\\bxrm',
      text: `${'x'.repeat(1792)}rm${long}`,
      want: false,
    },
    { name: 'lookbehind sees the character before a window', pattern: '(?<=q)x', text: `${long}`, want: false },
    { name: 'a literal that is absent', pattern: 'password\\s*=', text: long, want: false },
    { name: 'a case-insensitive literal', pattern: '(?i)password', text: `${long}PassWord`, want: true },
  ];
  for (const tc of cases) {
    it(tc.name, () => assert.equal(compiled(tc.pattern).test(tc.text), tc.want));
  }
});

describe('BoundedRegex: testLines', () => {
  const cases: Array<{ pattern: string; text: string; want: boolean }> = [
    { pattern: '^\\s*debugger;?\\s*$', text: 'a();\n  debugger;\nb();', want: true },
    { pattern: '^\\s*debugger;?\\s*$', text: 'a(); debugger;', want: false },
    { pattern: '^debugger$', text: 'x\r\ndebugger\r\ny', want: true },
    { pattern: '^$', text: 'a\n', want: false },
    { pattern: '^$', text: 'a\n\nb', want: true },
    { pattern: '^$', text: '', want: true },
    { pattern: 'a\\nb', text: 'a\nb', want: false },
    { pattern: '(?s)a.b', text: 'a\nb', want: false },
    { pattern: 'a\\s+b', text: 'a\n b', want: false },
    { pattern: '(?i)^import\\s+pickle', text: `${'x\n'.repeat(5000)}IMPORT pickle\n`, want: true },
    { pattern: 'foo', text: `${'y'.repeat(5000)}foo${'y'.repeat(5000)}`, want: true },
  ];
  for (const tc of cases) {
    it(`${tc.pattern} in ${JSON.stringify(tc.text.slice(0, 20))}`, () =>
      assert.equal(compiled(tc.pattern).testLines(tc.text), tc.want));
  }
});
