import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { compileRules } from '../compiler';
import { evaluate } from '../evaluator';
import { parseRules } from '../parser';
import { analyzeShell } from './analyze';
import {
  type InterpreterInvocation,
  interpreterInvocation,
  interpreterLanguage,
  type Language,
  shellCommandsInCode,
} from './interpreters';
import type { Word } from './word';

const NIGHT = fileURLToPath(new URL('../../../../resources/rules/sleep-at-night.rules', import.meta.url));

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
    ['pwsh', 'powershell'],
    ['powershell.exe', 'powershell'],
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

describe('interpreter code as shell views', () => {
  const cases: readonly [command: string, view: string][] = [
    [`python3 -c "import shutil; shutil.rmtree('/home/me')"`, 'rm -rf /home/me'],
    [`python3 -c "import shutil, os; shutil.rmtree(os.path.expanduser('~'))"`, 'rm -rf ~'],
    [`node -e "require('fs').rmSync(process.env.HOME,{recursive:true,force:true})"`, 'rm -rf ~'],
    [`ruby -e 'require "fileutils"; FileUtils.rm_rf(Dir.home)'`, 'rm -rf ~'],
    [`perl -e 'use File::Path; rmtree($ENV{HOME})'`, 'rm -rf ~'],
    [`python3 -c "import os; os.remove('/etc/hosts')"`, 'rm /etc/hosts'],
    [`python3 -c "open('/home/me/.bashrc', 'a').write('x')"`, 'tee -a /home/me/.bashrc'],
    [`python3 -c "import os; os.chmod('/usr/bin/x', 0o4755)"`, 'chmod 4755 /usr/bin/x'],
    [`python3 - <<'EOF'\nimport shutil\nshutil.rmtree(Path.home())\nEOF`, 'rm -rf ~'],
    [`node <<EOF\nrequire('fs').unlinkSync('/etc/passwd')\nEOF`, 'rm /etc/passwd'],
    [`python3 <<< "import shutil; shutil.rmtree('/')"`, 'rm -rf /'],
    [`echo "import shutil; shutil.rmtree('/')" | python3`, 'rm -rf /'],
    [`sudo python3 -c "import shutil; shutil.rmtree(target)"`, 'rm -rf $UNKNOWN'],
    [`pwsh -c 'Remove-Item -Recurse -Force $HOME'`, 'rm -rf ~'],
    [`powershell -NoProfile -Command "rm -r -fo ~"`, 'rm -rf ~'],
    [`echo 'Remove-Item -Recurse -Force ~' | pwsh -`, 'rm -rf ~'],
    [`ssh -p 2222 -i ~/.ssh/key user@host 'rm -rf ~'`, 'rm -rf ~'],
    [`ssh host "bash -c 'rm -rf /'"`, 'rm -rf /'],
  ];
  for (const [command, view] of cases) {
    test(command, () => {
      const { commands } = analyzeShell(command);
      assert.ok(commands.includes(view), `${JSON.stringify(view)} not in ${JSON.stringify(commands)}`);
    });
  }
});

describe('interpreter code through the Sleep at Night bundle', () => {
  const night = compileRules([parseRules(readFileSync(NIGHT, 'utf8'), NIGHT)]);
  const decide = (command: string): string => {
    const result = evaluate(night, { tool: 'Bash', capability: 'execute', client: 'claude-code', input: { command } });
    return result.ruleId ? `${result.decision} by ${result.ruleId}` : result.decision;
  };
  const cases: readonly [command: string, want: string][] = [
    [`python3 -c "import shutil; shutil.rmtree('/home/me')"`, 'block by ssg_sleep_destructive_fs'],
    [
      `node -e "require('fs').rmSync(process.env.HOME,{recursive:true,force:true})"`,
      'block by ssg_sleep_destructive_fs',
    ],
    [`ruby -e 'require "fileutils"; FileUtils.rm_rf(Dir.home)'`, 'block by ssg_sleep_destructive_fs'],
    [`perl -e 'use File::Path; rmtree($ENV{HOME})'`, 'block by ssg_sleep_destructive_fs'],
    [
      `python3 - <<'EOF'\nimport shutil, pathlib\nshutil.rmtree(pathlib.Path.home())\nEOF`,
      'block by ssg_sleep_destructive_fs',
    ],
    [`pwsh -c 'Remove-Item -Recurse -Force $HOME'`, 'block by ssg_sleep_destructive_fs'],
    [`ssh host 'rm -rf ~'`, 'block by ssg_sleep_destructive_fs'],
    [`node -e "fs.writeFileSync(os.homedir() + '/.bashrc', 'x')"`, 'ask by ssg_sleep_process_persistence'],
    [`python3 -c "print(1)"`, 'allow'],
    [`node -e "console.log(require('fs').readFileSync('package.json','utf8'))"`, 'allow'],
    [`python3 -c "import shutil; shutil.rmtree('build')"`, 'allow'],
    [`ssh host uptime`, 'allow'],
  ];
  for (const [command, want] of cases) {
    test(`${command} is ${want}`, () => {
      assert.equal(decide(command), want);
    });
  }
});

describe('hostile interpreter code stays bounded', () => {
  const cases: readonly [name: string, command: string][] = [
    [
      'a megabyte of distinct deletes',
      `python3 -c "${Array.from({ length: 60_000 }, (_, i) => `os.remove('f${i}')`).join(';')}"`,
    ],
    ['a megabyte of nested paths', `node -e "fs.rmSync(${'path.join('.repeat(100_000)}"`],
    ['a megabyte of PowerShell removals', `pwsh -c '${'ri -r -fo x; '.repeat(80_000)}'`],
  ];
  for (const [name, command] of cases) {
    test(name, () => {
      const start = performance.now();
      const analysis = analyzeShell(command);
      assert.ok(performance.now() - start < 2000, `took ${performance.now() - start} ms`);
      assert.ok(analysis.commands.length <= 1000);
    });
  }
});
