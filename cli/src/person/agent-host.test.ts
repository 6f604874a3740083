import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { agentHostOf, MARKERS } from './agent-host';
import { processAncestry } from './process-ancestry';

const noAncestors = () => [];

describe('agentHostOf', () => {
  for (const { variable, host } of MARKERS) {
    test(`${variable} names ${host}`, () => assert.equal(agentHostOf({ [variable]: '1' }, noAncestors), host));
  }

  const ancestries: Array<{ name: string; ancestry: string[][]; want: string | undefined }> = [
    { name: 'a terminal and a shell', ancestry: [['-bash'], ['/usr/bin/gnome-terminal-server']], want: undefined },
    {
      name: "Claude Code's native binary",
      ancestry: [['/bin/bash', '-c', 'ssg sleep off'], ['/home/me/.local/bin/claude']],
      want: 'Claude Code',
    },
    {
      name: 'a host that is a node script',
      ancestry: [['bash'], ['node', '/usr/lib/node_modules/opencode-ai/bin/opencode']],
      want: 'OpenCode',
    },
    { name: 'codex under npm', ancestry: [['sh'], ['node', '/x/bin/codex.js'], ['npm exec']], want: 'Codex' },
    {
      name: 'a program name only as a later argument (an editor opening a file named claude)',
      ancestry: [['vim', '-R', 'notes/claude']],
      want: undefined,
    },
    { name: 'an empty command line (a kernel thread)', ancestry: [[]], want: undefined },
  ];
  for (const { name, ancestry, want } of ancestries) {
    test(`ancestry: ${name}`, () =>
      assert.equal(
        agentHostOf({}, () => ancestry),
        want,
      ));
  }

  test('an empty marker is no marker', () => assert.equal(agentHostOf({ CLAUDECODE: '' }, noAncestors), undefined));
});

describe('processAncestry', () => {
  test("starts at this process's parent and ends before init", { skip: process.platform !== 'linux' }, () => {
    const ancestry = processAncestry();
    assert.ok(ancestry.length >= 1);
    assert.ok(ancestry.every((argv) => Array.isArray(argv)));
  });

  test('a pid that does not exist gives no ancestors', () => assert.deepEqual(processAncestry(2 ** 22 + 7), []));
});
