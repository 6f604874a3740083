import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findTomlTables, removeTomlTables, setTomlTable } from './toml-tables';

const KEY = 'mcp_servers.ssg-governance';
const OURS = '[mcp_servers.ssg-governance]\ncommand = "ssg"\n';

describe('setTomlTable', () => {
  const cases: Array<{ name: string; text: string; want: string }> = [
    { name: 'empty file', text: '', want: OURS },
    { name: 'appended after a blank line', text: 'model = "o3"\n', want: `model = "o3"\n\n${OURS}` },
    { name: 'no final newline', text: 'model = "o3"', want: `model = "o3"\n\n${OURS}` },
    {
      name: 'replaced in place, the next table and its comment untouched',
      text: '[mcp_servers.ssg-governance]\ncommand = "old"\nargs = []\n\n# about b\n[b]\nx = 1\n',
      want: `${OURS}\n# about b\n[b]\nx = 1\n`,
    },
    {
      name: 'quoted and spaced header, sub-table included',
      text: '[ mcp_servers . "ssg-governance" ]\ncommand = "old"\n[mcp_servers.ssg-governance.env]\nA = "1"\n[c]\n',
      want: `${OURS}[c]\n`,
    },
    {
      name: 'a duplicate later table is removed',
      text: `${OURS}\n[b]\n\n[mcp_servers.ssg-governance]\ncommand = "x"\n`,
      want: `${OURS}\n[b]\n`,
    },
    { name: 'CRLF file gets CRLF lines', text: 'a = 1\r\n', want: `a = 1\r\n\r\n${OURS.replaceAll('\n', '\r\n')}` },
    {
      name: 'a similar name is not ours',
      text: '[mcp_servers.ssg-governance-grok-bot]\ncommand = "ssg"\n',
      want: `[mcp_servers.ssg-governance-grok-bot]\ncommand = "ssg"\n\n${OURS}`,
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => assert.equal(setTomlTable(tc.text, KEY, OURS), tc.want));
  }
});

describe('removeTomlTables', () => {
  const cases: Array<{ name: string; text: string; key?: string; arrays?: boolean; want: string }> = [
    { name: 'absent: unchanged', text: 'a = 1\n', want: 'a = 1\n' },
    { name: 'undoes an append', text: `a = 1\n\n${OURS}`, want: 'a = 1\n' },
    { name: 'only table', text: OURS, want: '' },
    {
      name: 'in the middle, keeping the next table and its comment',
      text: `a = 1\n\n${OURS}\n# about b\n[b]\n`,
      want: 'a = 1\n\n# about b\n[b]\n',
    },
    {
      name: 'every [[hooks]] entry, not other tables',
      text: '[[hooks]]\ncommand = "a"\n\n[[hooks]]\ncommand = "b"\n[hooks.x]\ny = 1\n\n[keep]\nz = 1\n',
      key: 'hooks',
      arrays: true,
      want: '[keep]\nz = 1\n',
    },
    {
      name: 'arrays only: a [hooks] table is not an array entry',
      text: '[hooks]\nx = 1\n',
      key: 'hooks',
      arrays: true,
      want: '[hooks]\nx = 1\n',
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => assert.equal(removeTomlTables(tc.text, tc.key ?? KEY, tc.arrays), tc.want));
  }

  it('stays linear on a huge file', () => {
    const text = `${'[t]\nx = 1\n'.repeat(50_000)}${OURS}`;
    assert.equal(findTomlTables(text, KEY).length, 1);
    assert.equal(removeTomlTables(text, KEY), '[t]\nx = 1\n'.repeat(50_000));
  });
});
