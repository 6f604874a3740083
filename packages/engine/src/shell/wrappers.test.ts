import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Execution } from './executions';
import { plainWord } from './word';
import { wrappedExecutions } from './wrappers';

describe('ssh runs its remote command as shell code', () => {
  const cases: readonly [args: string[], want: Execution[]][] = [
    [['ssh', 'host', 'uptime'], [{ kind: 'shell', script: 'uptime' }]],
    [['ssh', 'host', 'rm -rf ~'], [{ kind: 'shell', script: 'rm -rf ~' }]],
    [['ssh', 'host', 'rm', '-rf', '/'], [{ kind: 'shell', script: 'rm -rf /' }]],
    [
      ['ssh', '-p', '2222', '-i', 'key', '-l', 'me', '-o', 'A=b', '-F', 'cfg', '-J', 'jump', 'host', 'ls'],
      [{ kind: 'shell', script: 'ls' }],
    ],
    [['ssh', '-tt', '-p2222', 'host', 'ls'], [{ kind: 'shell', script: 'ls' }]],
    [['ssh', 'host', '-l', 'root', 'ls'], [{ kind: 'shell', script: 'ls' }]],
    [['ssh', 'host', '--', 'ls', '-l'], [{ kind: 'shell', script: 'ls -l' }]],
    [['ssh', 'host'], []],
    [['ssh', '-N', '-L', '8080:db:5432', 'host'], []],
    [['ssh', '-s', 'host', 'sftp'], []],
  ];
  for (const [args, want] of cases) {
    test(args.join(' '), () => {
      assert.deepEqual(wrappedExecutions('ssh', args.map(plainWord)), want);
    });
  }
});
