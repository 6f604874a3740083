import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { InterpreterInvocation } from './interpreters';
import { cmdCommands, powershellCommands, powershellInvocation } from './powershell';
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
    ['del -Force C:\\Users\\me', ['rm -f /mnt/c/Users/me']],
    ['Remove-Item -LiteralPath "C:\\" -Recurse -Force', ['rm -rf /mnt/c']],
    ['Remove-Item -Recurse -Force ~ -WhatIf', []],
    ['Remove-Item -Recurse $dir', ['rm -r $UNKNOWN']],
    ["Remove-Item 'a b','c'", ["rm 'a b' c"]],
    ['Set-Content -Path $HOME\\.bashrc -Value x', ['tee ~/.bashrc']],
    ['"x" | Out-File -Append ~/.profile', ['tee -a ~/.profile']],
    ['Add-Content ~/.bashrc "x"', ['tee -a ~/.bashrc']],
    ['git push --force; Write-Output "a;b"', ['git push --force', "Write-Output 'a;b'"]],
    ['if ($x) { Remove-Item -Recurse -Force ~ }', ['rm -rf ~']],
    ['$x = 1', []],
    // Remove-Item fed what Get-ChildItem lists removes the listed folder's children.
    ['Get-ChildItem C:\\ -Recurse | Remove-Item -Force', ["Get-ChildItem 'C:\\' -Recurse", 'rm -rf /mnt/c/*']],
    ['gci ~ |\n  ri -Recurse', ["gci '~'", 'rm -r ~/*']],
    ['ls $HOME | rm', ["ls '$HOME'", 'rm ~/*']],
    ['dir | del -Force', ['dir', 'rm -f ./*']],
    ['gci $HOME -r | % { Remove-Item $_.FullName -Force }', ["gci '$HOME' -r", 'rm -rf ~/*']],
    [
      'Get-ChildItem C:\\Users\\bob\\*.log | Remove-Item',
      ["Get-ChildItem 'C:\\Users\\bob\\*.log'", "find /mnt/c/Users/bob -maxdepth 1 -name '*.log' -delete"],
    ],
    [
      'Get-ChildItem . -Recurse -Filter *.tmp | Remove-Item',
      ["Get-ChildItem . -Recurse -Filter '*.tmp'", "find . -name '*.tmp' -delete"],
    ],
    [
      "gci ~ -Recurse | Where-Object { $_.Name -like '*.bak' } | Remove-Item",
      ["gci '~' -Recurse", 'Where-Object', 'find ~ -name $UNKNOWN -delete'],
    ],
    ['Get-Content list.txt | Remove-Item -Recurse', ['cat list.txt', 'rm -rf $UNKNOWN']],
    // Look-alikes: listing without removing, a pipeline ended, removing with -WhatIf.
    ['Get-ChildItem | Select-Object Name', ['Get-ChildItem', 'Select-Object Name']],
    ['Get-ChildItem ~; Remove-Item x', ["Get-ChildItem '~'", 'rm x']],
    ['gci ~ | ri -WhatIf', ["gci '~'"]],
    ['Get-Process | Stop-Process', ['Get-Process', 'Stop-Process']],
    // Reading files.
    ['Get-Content $HOME\\.ssh\\id_rsa', ['cat ~/.ssh/id_rsa']],
    ['gc -Path ~/.aws/credentials -TotalCount 5', ['cat ~/.aws/credentials']],
    ['type C:\\Users\\me\\.env', ['cat /mnt/c/Users/me/.env']],
    ['[IO.File]::ReadAllText("$HOME\\.ssh\\id_rsa")', ['cat ~/.ssh/id_rsa']],
    ["[System.IO.File]::WriteAllText('C:\\x.txt', 'y')", ['tee /mnt/c/x.txt']],
    ["[IO.Directory]::Delete('C:\\Users\\bob', $true)", ['rm -rf /mnt/c/Users/bob']],
  ];
  for (const [code, want] of cases) {
    test(code, () => {
      assert.deepEqual(powershellCommands(code), want);
    });
  }
});

describe('cmdCommands', () => {
  const cases: readonly [code: string, want: string[]][] = [
    ['rd /s /q C:\\Users\\bob', ['rm -rf /mnt/c/Users/bob']],
    ['rmdir /S C:\\', ['rm -r /mnt/c']],
    ['rd build', ['rmdir build']],
    ['del /s /q %USERPROFILE%\\*', ['rm -rf ~']],
    ['erase /f C:\\x.txt', ['rm -f /mnt/c/x.txt']],
    ['del /s /q *.tmp', ["find . -name '*.tmp' -delete"]],
    ['del /s /q C:\\Users\\bob\\*.docx', ["find /mnt/c/Users/bob -name '*.docx' -delete"]],
    ['type %USERPROFILE%\\.ssh\\id_rsa', ['cat ~/.ssh/id_rsa']],
    ['if exist build rd /s /q build', ['rm -rf build']],
    ['if not "%1"=="" rd /s /q %1', ['rm -rf $UNKNOWN']],
    ['cd C:\\src && git push --force', ["cd 'C:\\src'", 'git push --force']],
    ['echo hi > out.txt 2>nul', ['echo hi', 'tee out.txt']],
    ['powershell -c "Remove-Item -Recurse ~"', ["powershell -c 'Remove-Item -Recurse ~'"]],
    ['move a.txt b.txt & copy c d', ['mv a.txt b.txt', 'cp c d']],
    // Look-alikes.
    ['dir', ['dir']],
    ['dir /s C:\\Users\\bob', ["dir /s 'C:\\Users\\bob'"]],
    ['rem rd /s /q C:\\', []],
  ];
  for (const [code, want] of cases) {
    test(code, () => {
      assert.deepEqual(cmdCommands(code), want);
    });
  }

  test('a megabyte of cmd stays linear', () => {
    const start = performance.now();
    cmdCommands('rd /s /q "x & '.repeat(80_000));
    cmdCommands('^'.repeat(1_000_000));
    assert.ok(performance.now() - start < 1000);
  });
});

describe('powershell pipelines stay bounded', () => {
  const cases: readonly [name: string, code: string][] = [
    ['a megabyte of nested ForEach-Object blocks', 'gci ~ | % { '.repeat(80_000)],
    ['a megabyte of pipelines', 'gci ~ | ri; '.repeat(80_000)],
    ['a megabyte of unclosed static calls', "[IO.File]::Delete('".repeat(50_000)],
  ];
  for (const [name, code] of cases) {
    test(name, () => {
      const start = performance.now();
      powershellCommands(code);
      assert.ok(performance.now() - start < 2000, `took ${performance.now() - start} ms`);
    });
  }
});
