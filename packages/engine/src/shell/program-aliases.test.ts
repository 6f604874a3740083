import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeShell } from './analyze';

describe('programs copied under another name read as themselves', () => {
  const cases: Array<[command: string, view: string]> = [
    ['cp /bin/rm ./zap && ./zap -rf ~', 'rm -rf ~'],
    ['ln -s "$(command -v rm)" ./ls2; ./ls2 -rf ~', 'rm -rf ~'],
    ['ln -sf `which shred` s && s -u key', 'shred -u key'],
    ['hash -p /bin/rm ls; ls -rf ~', 'rm -rf ~'],
    ['BASH_CMDS[foo]=/bin/rm; foo -rf ~', 'rm -rf ~'],
    ["history -s 'rm -rf ~'; fc -s", 'rm -rf ~'],
    ["fc -e 'rm -rf ~'", 'rm -rf ~'],
    ['install /usr/bin/dd ./copy && ./copy if=/dev/zero of=/dev/sda', 'dd if=/dev/zero of=/dev/sda'],
  ];
  for (const [command, view] of cases) {
    it(command, () =>
      assert.ok(analyzeShell(command).commands.includes(view), analyzeShell(command).commands.join(' | ')),
    );
  }

  it('leaves copies of anything but a program alone', () => {
    const { commands } = analyzeShell('cp build/app ./app2 && ./app2 --help');
    assert.deepEqual(commands, ['cp build/app ./app2', './app2 --help']);
  });
});
