import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { InterpreterInvocation } from './interpreters';
import { powershellCommands, powershellInvocation } from './powershell';
import { plainWord } from './word';

describe('powershellInvocation', () => {
  const encoded = Buffer.from('rm -r -fo ~', 'utf16le').toString('base64');
  const cases: readonly [args: string[], want: InterpreterInvocation][] = [
    [['pwsh', '-c', 'Remove-Item -Recurse ~'], { code: 'Remove-Item -Recurse ~', readsStdin: false }],
    [
      ['pwsh', '-NoProfile', '-Command', 'Remove-Item', '-Recurse', '~'],
      { code: 'Remove-Item -Recurse ~', readsStdin: false },
    ],
    [['powershell', '-ExecutionPolicy', 'Bypass', '-command', 'ls'], { code: 'ls', readsStdin: false }],
    [['powershell.exe', '/c', 'ls'], { code: 'ls', readsStdin: false }],
    [['powershell', 'Remove-Item', 'x'], { code: 'Remove-Item x', readsStdin: false }],
    [['pwsh', '-EncodedCommand', encoded], { code: 'rm -r -fo ~', readsStdin: false }],
    [['pwsh', '-enc', encoded], { code: 'rm -r -fo ~', readsStdin: false }],
    [['pwsh', '-File', 'build.ps1'], { readsStdin: false }],
    [['pwsh', '-Command', '-'], { readsStdin: true }],
    [['pwsh', '-NoLogo'], { readsStdin: true }],
  ];
  for (const [args, want] of cases) {
    test(args.join(' '), () => {
      assert.deepEqual(powershellInvocation(args.map(plainWord)), want);
    });
  }
});

describe('powershellCommands', () => {
  const cases: readonly [code: string, want: string[]][] = [
    ['Remove-Item -Recurse -Force $HOME', ['rm -rf ~']],
    ['rm -r -fo ~', ['rm -rf ~']],
    ['ri -Recurse -Path $env:USERPROFILE\\Documents', ['rm -r ~/Documents']],
    ['del -Force C:\\Users\\me', ['rm -f /Users/me']],
    ['Remove-Item -LiteralPath "C:\\" -Recurse -Force', ['rm -rf /']],
    ['Remove-Item -Recurse -Force ~ -WhatIf', []],
    ['Remove-Item -Recurse $dir', ['rm -r $UNKNOWN']],
    ["Remove-Item 'a b','c'", ["rm 'a b' c"]],
    ['Set-Content -Path $HOME\\.bashrc -Value x', ['tee ~/.bashrc']],
    ['"x" | Out-File -Append ~/.profile', ['tee -a ~/.profile']],
    ['Add-Content ~/.bashrc "x"', ['tee -a ~/.bashrc']],
    ['git push --force; Write-Output "a;b"', ['git push --force', "Write-Output 'a;b'"]],
    ['if ($x) { Remove-Item -Recurse -Force ~ }', ['rm -rf ~']],
    ['$x = 1', []],
  ];
  for (const [code, want] of cases) {
    test(code, () => {
      assert.deepEqual(powershellCommands(code), want);
    });
  }
});
