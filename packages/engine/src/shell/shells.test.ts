import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type ShellInvocation, shellInvocation } from './shells';
import type { Word } from './word';

function words(...texts: string[]): Word[] {
  return texts.map((text) => ({ text, bare: true, quoted: false, assignment: false }));
}

const cases: readonly { args: string[]; want: ShellInvocation }[] = [
  { args: ['bash'], want: { readsStdin: true } },
  { args: ['bash', '-c', 'rm x'], want: { script: 'rm x', readsStdin: false } },
  { args: ['bash', '-lc', 'rm x', 'name', 'arg'], want: { script: 'rm x', readsStdin: false } },
  { args: ['bash', '-x', '-e', '-c', 'rm x'], want: { script: 'rm x', readsStdin: false } },
  { args: ['bash', '-o', 'pipefail', '-c', 'rm x'], want: { script: 'rm x', readsStdin: false } },
  { args: ['bash', '+O', 'extglob', '-c', 'rm x'], want: { script: 'rm x', readsStdin: false } },
  { args: ['bash', '--rcfile', 'rc', '-c', 'rm x'], want: { script: 'rm x', readsStdin: false } },
  { args: ['bash', '-c', '--', 'rm x'], want: { script: 'rm x', readsStdin: false } },
  { args: ['fish', '--command=rm x'], want: { script: 'rm x', readsStdin: false } },
  { args: ['fish', '--command', 'rm x'], want: { script: 'rm x', readsStdin: false } },
  { args: ['bash', '-c'], want: { script: undefined, readsStdin: false } },
  { args: ['bash', 'script.sh'], want: { readsStdin: false } },
  { args: ['bash', '-x', 'script.sh', '-c'], want: { readsStdin: false } },
  { args: ['bash', '-s', 'arg'], want: { readsStdin: true } },
  { args: ['bash', '-'], want: { readsStdin: true } },
  { args: ['sh', '--', 'script.sh'], want: { readsStdin: false } },
];

for (const { args, want } of cases) {
  test(args.join(' '), () => {
    const { script, readsStdin } = shellInvocation(words(...args));
    assert.deepEqual({ script, readsStdin }, { script: undefined, ...want });
  });
}

test('the words after -c CODE are its $0, $1, …', () => {
  const { arguments: given } = shellInvocation(words('bash', '-lc', 'rm x', 'name', 'arg'));
  assert.deepEqual(
    given?.map((word) => word.text),
    ['name', 'arg'],
  );
});

test('a script operand and its arguments', () => {
  const { file, fileArguments } = shellInvocation(words('bash', '-x', 'script.sh', '-c', 'a'));
  assert.equal(file?.text, 'script.sh');
  assert.deepEqual(
    fileArguments?.map((word) => word.text),
    ['-c', 'a'],
  );
});
