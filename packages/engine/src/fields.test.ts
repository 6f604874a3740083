import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveField } from './fields';
import type { ToolCall } from './types';

function call(input: Record<string, unknown>, tool = 'Write'): ToolCall {
  return { tool, input, capability: 'write', client: 'test' };
}

describe('resolveField', () => {
  const cases: Array<{ field: string; call: ToolCall; want: string }> = [
    { field: 'command', call: call({ command: 'ls -la' }, 'Bash'), want: 'ls -la' },
    { field: 'command', call: call({}), want: '' },
    { field: 'command', call: call({ command: ['rm', '-rf'] }), want: '["rm","-rf"]' },
    { field: 'path', call: call({ file_path: '/a', path: '/b' }), want: '/a' },
    { field: 'path', call: call({ path: '/b', notebook_path: '/c' }), want: '/b' },
    { field: 'path', call: call({ notebook_path: '/c.ipynb' }), want: '/c.ipynb' },
    { field: 'path', call: call({ file_path: null, path: '/b' }), want: '/b' },
    { field: 'content', call: call({ content: 'all', new_string: 'edit' }), want: 'all' },
    { field: 'content', call: call({ new_string: 'edit' }), want: 'edit' },
    { field: 'content', call: call({ new_source: 'cell' }), want: 'cell' },
    {
      field: 'content',
      call: call({ edits: [{ old_string: 'a', new_string: 'one' }, { new_string: 'two' }, 'junk', { new_string: 3 }] }),
      want: 'one\ntwo',
    },
    { field: 'content', call: call({ edits: 'not a list' }), want: '' },
    { field: 'tool', call: call({}, 'MultiEdit'), want: 'MultiEdit' },
    { field: 'capability', call: call({}), want: 'write' },
    { field: 'input.url', call: call({ url: 'https://x' }), want: 'https://x' },
    { field: 'input.timeout', call: call({ timeout: 30 }), want: '30' },
    { field: 'input.flags', call: call({ flags: { a: true } }), want: '{"a":true}' },
    { field: 'input.missing', call: call({}), want: '' },
    { field: 'input.constructor', call: call({}), want: '' },
    { field: 'input.__proto__', call: call({}), want: '' },
    { field: 'input.big', call: call({ big: 10n }), want: '10' },
    { field: 'url', call: call({ url: 'https://y' }), want: 'https://y' },
    { field: 'COMMAND', call: call({ command: 'x' }), want: 'x' },
  ];
  for (const tc of cases) {
    it(`${tc.field} of ${JSON.stringify(tc.call.input, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`, () => {
      assert.equal(resolveField(tc.field).read(tc.call), tc.want);
    });
  }

  const kinds: Array<{ field: string; name: string; known: boolean; readsCommand: boolean; readsTarget: boolean }> = [
    { field: 'Command', name: 'command', known: true, readsCommand: true, readsTarget: false },
    { field: 'input.command', name: 'input.command', known: true, readsCommand: true, readsTarget: false },
    { field: 'path', name: 'path', known: true, readsCommand: false, readsTarget: false },
    { field: 'Target', name: 'target', known: true, readsCommand: false, readsTarget: true },
    { field: 'input.target', name: 'input.target', known: true, readsCommand: false, readsTarget: false },
    { field: 'input.', name: 'input.', known: false, readsCommand: false, readsTarget: false },
    { field: 'paht', name: 'paht', known: false, readsCommand: false, readsTarget: false },
  ];
  for (const tc of kinds) {
    it(`${tc.field} is ${tc.known ? 'known' : 'unknown'}`, () => {
      const { name, known, readsCommand, readsTarget } = resolveField(tc.field);
      const { field: _written, ...want } = tc;
      assert.deepEqual({ name, known, readsCommand, readsTarget }, want);
    });
  }

  it('target outside a shell view is empty, whatever the input holds', () => {
    const call: ToolCall = { tool: 'Bash', input: { target: '/' }, capability: 'execute', client: 'test' };
    assert.equal(resolveField('target').read(call), '');
  });
});
