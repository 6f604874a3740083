import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type InterpreterInvocation,
  interpreterInvocation,
  interpreterLanguage,
  type Language,
  shellCommandsInCode,
} from './interpreters';
import type { Word } from './word';

function words(...texts: string[]): Word[] {
  return texts.map((text) => ({ text, bare: true, quoted: false, assignment: false }));
}

describe('interpreterLanguage', () => {
  const cases: readonly [name: string, want: Language | undefined][] = [
    ['python', 'python'],
    ['python3', 'python'],
    ['python3.12', 'python'],
    ['pypy3', 'python'],
    ['node', 'node'],
    ['nodejs', 'node'],
    ['bun', 'node'],
    ['perl', 'perl'],
    ['perl5.36', 'perl'],
    ['ruby', 'ruby'],
    ['php8.2', 'php'],
    ['pythonista', undefined],
    ['nodemon', undefined],
    ['rubocop', undefined],
    ['phpunit', undefined],
    ['python3-config', undefined],
  ];
  for (const [name, want] of cases) {
    test(name, () => {
      assert.equal(interpreterLanguage(name), want);
    });
  }
});

describe('interpreterInvocation', () => {
  const cases: readonly { language: Language; args: string[]; want: InterpreterInvocation }[] = [
    { language: 'python', args: ['python', '-c', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'python', args: ['python', '-cX'], want: { code: 'X', readsStdin: false } },
    { language: 'python', args: ['python', '-u', '-W', 'ignore', '-c', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'python', args: ['python', '-Bc', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'python', args: ['python', '-m', 'pip', 'install', '-c', 'x'], want: { readsStdin: false } },
    { language: 'python', args: ['python', 'script.py', '-c', 'X'], want: { readsStdin: false } },
    { language: 'python', args: ['python'], want: { readsStdin: true } },
    { language: 'python', args: ['python', '-u', '-'], want: { readsStdin: true } },
    { language: 'node', args: ['node', '-e', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'node', args: ['node', '-pe', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'node', args: ['node', '--eval', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'node', args: ['node', '--print=X'], want: { code: 'X', readsStdin: false } },
    { language: 'node', args: ['node', '-r', 'ts-node/register', 'app.ts'], want: { readsStdin: false } },
    { language: 'perl', args: ['perl', '-e', 'X', '-e', 'Y'], want: { code: 'X\nY', readsStdin: false } },
    { language: 'perl', args: ['perl', '-lne', 'X', 'file'], want: { code: 'X', readsStdin: false } },
    { language: 'perl', args: ['perl', '-i.bak', '-pe', 'X', 'file'], want: { code: 'X', readsStdin: false } },
    { language: 'perl', args: ['perl', '-MPOSIX', 'script.pl'], want: { readsStdin: false } },
    { language: 'ruby', args: ['ruby', '-r', 'json', '-e', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'php', args: ['php', '-r', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'php', args: ['php', '-f', 'index.php'], want: { readsStdin: false } },
    { language: 'php', args: ['php'], want: { readsStdin: true } },
  ];
  for (const { language, args, want } of cases) {
    test(args.join(' '), () => {
      assert.deepEqual(interpreterInvocation(language, words(...args)), want);
    });
  }
});

describe('shellCommandsInCode', () => {
  const cases: readonly { language: Language; code: string; want: string[] }[] = [
    { language: 'python', code: 'import os; os.system("rm -rf /")', want: ['rm -rf /'] },
    { language: 'python', code: "os.system ( 'rm x' )", want: ['rm x'] },
    { language: 'python', code: 'subprocess.run("rm x", shell=True)', want: ['rm x'] },
    { language: 'python', code: 'subprocess.Popen(["rm", "-rf", "/"])', want: ["'rm' '-rf' '/'"] },
    { language: 'python', code: "subprocess.call(['sh', '-c', \"rm 'x'\"])", want: ["'sh' '-c' 'rm '\\''x'\\'''"] },
    { language: 'python', code: 'from os import system\nsystem(f"rm {p}")', want: ['rm {p}'] },
    { language: 'python', code: 'os.popen("""rm x\nrm y""")', want: ['rm x\nrm y'] },
    { language: 'python', code: 'os.system(r"a\\nb")', want: ['a\\nb'] },
    { language: 'python', code: 'os.system("a\\nb")', want: ['a\nb'] },
    { language: 'python', code: 'os.system(cmd)', want: [] },
    { language: 'python', code: 'print("rm -rf /")', want: [] },
    { language: 'python', code: 'mysystem("rm x")', want: [] },
    { language: 'python', code: '`rm x`', want: [] },
    { language: 'node', code: "require('child_process').execSync('rm -rf /')", want: ['rm -rf /'] },
    { language: 'node', code: 'cp.exec(`rm x`, cb)', want: ['rm x'] },
    { language: 'node', code: "cp.spawn('rm', ['-rf', '/'], { stdio: 'inherit' })", want: ["'rm' '-rf' '/'"] },
    { language: 'node', code: "cp.execFileSync('ls')", want: ['ls'] },
    { language: 'node', code: '/re/.exec(s)', want: [] },
    { language: 'perl', code: 'system("rm", "-rf", "/")', want: ["'rm' '-rf' '/'"] },
    { language: 'perl', code: 'system \'rm x\'; exec "rm y"', want: ['rm x', 'rm y'] },
    { language: 'perl', code: "print 'a\\tb'; system 'x\\'y'", want: ["x'y"] },
    { language: 'perl', code: 'my $x = `rm x`; qx(rm (y)); qx{rm z}', want: ['rm x', 'rm (y)', 'rm z'] },
    { language: 'perl', code: 'qx = 1', want: [] },
    { language: 'ruby', code: 'system "rm x"; %x{rm y}; `rm z`', want: ['rm x', 'rm y', 'rm z'] },
    { language: 'ruby', code: "Open3.capture2('rm x')", want: ['rm x'] },
    { language: 'php', code: 'shell_exec("rm x"); passthru("rm y"); echo `rm z`;', want: ['rm x', 'rm y', 'rm z'] },
    { language: 'python', code: 'os.system("unterminated', want: ['unterminated'] },
    { language: 'perl', code: 'qx{never closed', want: ['never closed'] },
  ];
  for (const { language, code, want } of cases) {
    test(`${language}: ${JSON.stringify(code)}`, () => {
      assert.deepEqual(shellCommandsInCode(language, code), want);
    });
  }

  test('a long program is scanned in one pass', () => {
    const code = `${'x = 1\n'.repeat(200_000)}os.system("rm x")`;
    assert.deepEqual(shellCommandsInCode('python', code), ['rm x']);
  });
});
