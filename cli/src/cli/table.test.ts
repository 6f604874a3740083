import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderTable } from './table';

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
