import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderTable, tableCell } from './table';

describe('renderTable', () => {
  const cases: Array<{ name: string; headers: string[]; rows: string[][]; want: string[] }> = [
    {
      name: 'pads columns to the widest cell',
      headers: ['scenario', 'got', ''],
      rows: [
        ['a', 'block', '✓'],
        ['long-name', 'allow', '✗'],
      ],
      want: ['scenario   got    ', '─────────  ─────  ─', 'a          block  ✓', 'long-name  allow  ✗'],
    },
    { name: 'header only', headers: ['x', 'y'], rows: [], want: ['x  y', '─  ─'] },
  ];
  for (const tc of cases) {
    it(tc.name, () =>
      assert.deepEqual(
        renderTable(tc.headers, tc.rows).split('\n'),
        tc.want.map((l) => l.trimEnd()),
      ),
    );
  }
});

describe('tableCell', () => {
  const cases: Array<[string, string, number, string]> = [
    ['short text stays', 'git status', 20, 'git status'],
    ['newlines and tabs become one space', 'cat <<EOF\n\tline\nEOF\n', 40, 'cat <<EOF line EOF'],
    ['long text is cut with an ellipsis', 'abcdefghij', 5, 'abcd…'],
    ['the cut counts characters, not UTF-16 units', '😀😀😀😀', 3, '😀😀…'],
    [
      'a terminal escape is shown, not sent',
      'echo \u001b[2J\u001b]0;owned\u0007',
      60,
      'echo \\x1b[2J\\x1b]0;owned\\x07',
    ],
    ['a bidi override is shown, not applied', 'rm \u202eexe.txt', 30, 'rm \\u202eexe.txt'],
    ['DEL and C1 controls too', 'a\u007fb\u009bc', 30, 'a\\x7fb\\x9bc'],
  ];
  for (const [name, text, max, want] of cases) it(name, () => assert.equal(tableCell(text, max), want));
});
