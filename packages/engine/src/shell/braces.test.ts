import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeShell } from './analyze';
import { expandBraces } from './braces';

describe('expandBraces', () => {
  const cases: Array<[string, string[] | 'too-many' | undefined]> = [
    ['~/{.ssh,.gnupg}', ['~/.ssh', '~/.gnupg']],
    ['/{etc,usr,var}', ['/etc', '/usr', '/var']],
    ['file{,.bak}', ['file', 'file.bak']],
    ['src/{a,b}/{c,d}', ['src/a/c', 'src/a/d', 'src/b/c', 'src/b/d']],
    ['{a,{b,c}}x', ['ax', 'bx', 'cx']],
    ['${X}', undefined],
    ['{a}', undefined],
    ['plain', undefined],
    ['{a,b', undefined],
    ['${X:-{a,b}}', undefined],
    // 3^5 = 243 words: past the bound.
    ['{a,b,c}{a,b,c}{a,b,c}{a,b,c}{a,b,c}', 'too-many'],
  ];
  for (const [text, want] of cases) test(text, () => assert.deepEqual(expandBraces(text), want));
});

describe('brace lists in views', () => {
  const cases: Array<[string, string]> = [
    ['rm -rf ~/{.ssh,.gnupg}', 'rm -rf ~/.ssh ~/.gnupg'],
    ['rm -rf /{etc,usr,var}', 'rm -rf /etc /usr /var'],
    ['rm -rf "$HOME"/{.ssh,.aws}', 'rm -rf $HOME/.ssh $HOME/.aws'],
    ['D=~; rm -rf $D/{Documents,Pictures}', 'rm -rf ~/Documents ~/Pictures'],
  ];
  for (const [input, view] of cases) {
    test(input, () =>
      assert.ok(analyzeShell(input).commands.includes(view), JSON.stringify(analyzeShell(input).commands)),
    );
  }

  test('a list padded past the bound cuts the analysis short, so the call is asked rather than allowed', () => {
    const padded = `rm -rf ~/{.ssh,${Array.from({ length: 70 }, (_, i) => i).join(',')}}`;
    assert.equal(analyzeShell(padded).truncated, 'work');
  });

  test('quoted braces are text', () => assert.deepEqual(analyzeShell('echo "{a,b}"').commands, ["echo '{a,b}'"]));
});
