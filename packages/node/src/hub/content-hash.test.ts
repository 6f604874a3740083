import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { canonicalContent, contentHash } from './content-hash';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

const ALPHA = 'rule alpha {\n  DENY execution\n  IF command CONTAINS "a"\n}';
const BETA = 'rule beta {\n  LOG any\n}';

describe('canonicalContent', () => {
  const cases: { name: string; rules: string; canonical: string; ruleCount: number }[] = [
    { name: 'empty file', rules: '', canonical: '', ruleCount: 0 },
    { name: 'comments only', rules: '# nothing here\n# at all\n', canonical: '', ruleCount: 0 },
    { name: 'one rule, trailing newline dropped', rules: `${ALPHA}\n`, canonical: ALPHA, ruleCount: 1 },
    {
      name: 'sorted by rule name, not file order',
      rules: `${BETA}\n\n${ALPHA}\n`,
      canonical: `${ALPHA}\n---\n${BETA}`,
      ruleCount: 2,
    },
    {
      name: 'comments and blank lines between rules are not part of it',
      rules: `# header\n\n# category: x\n${ALPHA}\n# between\n\n\n${BETA}\n# trailer\n`,
      canonical: `${ALPHA}\n---\n${BETA}`,
      ruleCount: 2,
    },
    {
      name: 'CRLF line endings hash as LF',
      rules: `${BETA}\r\n\r\n${ALPHA}\r\n`.replace(/(?<!\r)\n/g, '\r\n'),
      canonical: `${ALPHA}\n---\n${BETA}`,
      ruleCount: 2,
    },
    { name: 'byte order mark', rules: `\ufeff${ALPHA}\n`, canonical: ALPHA, ruleCount: 1 },
    {
      name: 'indentation before `rule` and text after the closing brace are cut off',
      rules: `  ${BETA}  # done\n`,
      canonical: BETA,
      ruleCount: 1,
    },
    {
      name: 'a brace inside a string does not end the block',
      rules: 'rule braces {\n  MESSAGE "use } and {"\n  LOG any\n}\n',
      canonical: 'rule braces {\n  MESSAGE "use } and {"\n  LOG any\n}',
      ruleCount: 1,
    },
    {
      name: 'a rule-like line inside a comment is not a block',
      rules: `# rule fake {\n# }\n${BETA}\n`,
      canonical: BETA,
      ruleCount: 1,
    },
    {
      name: 'names sort by code unit, upper case first',
      rules: 'rule b {\n}\nrule B {\n}\nrule a-1 {\n}\nrule a {\n}\n',
      canonical: 'rule B {\n}\n---\nrule a {\n}\n---\nrule a-1 {\n}\n---\nrule b {\n}',
      ruleCount: 4,
    },
  ];

  for (const { name, rules, canonical, ruleCount } of cases) {
    it(name, () => {
      const result = canonicalContent(rules);
      assert.equal(result.text, canonical);
      assert.equal(result.ruleCount, ruleCount);
      assert.deepEqual(result.errors, []);
      assert.equal(contentHash(rules), sha(canonical));
    });
  }

  it('changes when any rule changes, and not when only comments do', () => {
    const base = `${ALPHA}\n${BETA}\n`;
    assert.notEqual(contentHash(base), contentHash(base.replace('"a"', '"b"')));
    assert.equal(contentHash(base), contentHash(`# new comment\n${base}# more\n`));
  });

  it('reports malformed rules as errors and leaves them out of the content', () => {
    const result = canonicalContent(`${ALPHA}\nrule broken {\n  DENY nowhere\n}\n`);
    assert.equal(result.text, ALPHA);
    assert.equal(result.errors.length, 1);
    assert.equal(result.errors[0]!.line, 6);
  });

  it('handles hostile input without throwing', () => {
    const huge = `${'rule r {\n  LOG any\n}\n'.repeat(5000)}${'}'.repeat(100_000)}\n\u0000\u202e`;
    const result = canonicalContent(huge);
    assert.equal(result.ruleCount, 5000);
    assert.ok(result.errors.length > 0);
  });
});
