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
    ['deno', 'node'],
    ['cmd', 'cmd'],
    ['cmd.exe', 'cmd'],
    ['CMD.EXE', 'cmd'],
    ['cmdline', undefined],
    ['denoland', undefined],
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
    { language: 'node', args: ['deno', 'eval', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'node', args: ['deno', 'eval', '-p', '--ext', 'ts', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'node', args: ['deno', 'repl', '--eval', 'X'], want: { code: 'X', readsStdin: false } },
    { language: 'node', args: ['deno', 'run', '-A', '-'], want: { readsStdin: true } },
    { language: 'node', args: ['deno', 'run', '-A', 'main.ts'], want: { readsStdin: false } },
    { language: 'node', args: ['deno', 'test'], want: { readsStdin: false } },
    { language: 'node', args: ['bun', 'run', '-'], want: { readsStdin: true } },
    { language: 'node', args: ['bun', 'run', 'build'], want: { readsStdin: false } },
    { language: 'cmd', args: ['cmd', '/c', 'rd /s /q C:\\x'], want: { code: 'rd /s /q C:\\x', readsStdin: false } },
    { language: 'cmd', args: ['cmd.exe', '/d', '/K', 'dir', 'x'], want: { code: 'dir x', readsStdin: false } },
    { language: 'cmd', args: ['cmd', '//c', '"dir x"'], want: { code: 'dir x', readsStdin: false } },
    { language: 'cmd', args: ['cmd', '/q'], want: { readsStdin: true } },
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
    { language: 'python', code: 'os.system(cmd)', want: ['sh -c $UNKNOWN'] },
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
    { language: 'perl', code: 'system("rm", "-rf", glob("~"))', want: ["'rm' '-rf' ~"] },
    { language: 'perl', code: 'exec "rm", "-rf", $ENV{HOME}', want: ["'rm' '-rf' ~"] },
    { language: 'perl', code: 'system("rm", "-rf", @dirs)', want: ["'rm' '-rf' $UNKNOWN"] },
    { language: 'perl', code: 'system("git", "status")', want: ["'git' 'status'"] },
    { language: 'ruby', code: 'system("rm", "-rf", Dir.home, exception: true)', want: ["'rm' '-rf' ~"] },
    {
      language: 'python',
      code: "subprocess.run(['rm', '-rf', os.path.expanduser('~')], check=True)",
      want: ["'rm' '-rf' ~"],
    },
    { language: 'python', code: "subprocess.run(['ls', path], cwd=d)", want: ["'ls' $UNKNOWN"] },
    { language: 'python', code: "subprocess.run('ls', shell=True)", want: ['ls'] },
    { language: 'node', code: "spawnSync('rm', ['-rf', os.homedir()], { stdio: 'inherit' })", want: ["'rm' '-rf' ~"] },
    { language: 'node', code: 'await Bun.$`rm -rf ${process.env.HOME}`', want: ['rm -rf ~'] },
    { language: 'node', code: 'import { $ } from "bun"; await $`rm -rf ${os.homedir()}/src`', want: ['rm -rf ~/src'] },
    { language: 'node', code: 'await $`ls ${dir}`.text()', want: ['ls $UNKNOWN'] },
    { language: 'node', code: 'const price = $ + 1; s.$`x`', want: [] },
    { language: 'cmd', code: 'rd /s /q C:\\Users\\bob', want: ['rm -rf /mnt/c/Users/bob'] },
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
    [
      `python3 <<EOF\nimport os\nfor root, dirs, files in os.walk('/home/dev', topdown=False):\n    for f in files:\n        os.remove(os.path.join(root, f))\nEOF`,
      'rm -rf /home/dev',
    ],
    [`perl -e 'system("rm", "-rf", glob("~"))'`, 'rm -rf ~'],
    [`perl -e 'unlink glob("$ENV{HOME}/.ssh/*")'`, 'rm ~/.ssh/*'],
    ['bun -e "await Bun.$`rm -rf ${process.env.HOME}`"', 'rm -rf ~'],
    [`deno eval "await Deno.remove(Deno.env.get('HOME'), { recursive: true })"`, 'rm -rf ~'],
    [`echo "await Deno.remove(Deno.env.get('HOME'), {recursive: true})" | deno run -`, 'rm -rf ~'],
    [`pwsh -c "Get-ChildItem C:\\ -Recurse | Remove-Item -Force"`, 'rm -rf /mnt/c/*'],
    [`pwsh -c "Get-Content $HOME\\.ssh\\id_rsa"`, 'cat ~/.ssh/id_rsa'],
    [`cmd.exe /c "rd /s /q C:\\Users\\bob"`, 'rm -rf /mnt/c/Users/bob'],
    [`cmd /c "del /s /q %USERPROFILE%\\*"`, 'rm -rf ~'],
    [`echo 'rd /s /q C:\\Users\\bob' | cmd`, 'rm -rf /mnt/c/Users/bob'],
    [`python3 -c "open('/home/dev/.ssh/id_ed25519','w').close()"`, 'truncate -s 0 /home/dev/.ssh/id_ed25519'],
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
    [`node -e "fs.appendFileSync(os.homedir() + '/.bashrc', 'x')"`, 'ask by ssg_sleep_process_persistence'],
    [`node -e "fs.writeFileSync(os.homedir() + '/.bashrc', 'x')"`, 'block by ssg_sleep_destructive_fs'],
    [`perl -e 'system("rm", "-rf", glob("~"))'`, 'block by ssg_sleep_destructive_fs'],
    [`perl -e 'unlink glob("$ENV{HOME}/.ssh/*")'`, 'block by ssg_sleep_destructive_fs'],
    ['bun -e "await Bun.$`rm -rf ${process.env.HOME}`"', 'block by ssg_sleep_destructive_fs'],
    [`deno eval "await Deno.remove(Deno.env.get('HOME'), { recursive: true })"`, 'block by ssg_sleep_destructive_fs'],
    [`pwsh -c "Get-ChildItem C:\\ -Recurse | Remove-Item -Force"`, 'block by ssg_sleep_destructive_fs'],
    [`cmd.exe /c "rd /s /q C:\\Users\\bob"`, 'block by ssg_sleep_destructive_fs'],
    [`python3 -c "open('/home/dev/.ssh/id_ed25519','w').close()"`, 'block by ssg_sleep_destructive_fs'],
    [`pwsh -c "Get-Content $HOME\\.ssh\\id_rsa"`, 'ask by ssg_sleep_credential_access'],
    [`python3 -c "print(1)"`, 'allow'],
    [`python3 -c "import os\nfor root, dirs, files in os.walk('/home/dev'):\n    print(root, files)"`, 'allow'],
    [`deno eval "await Deno.remove('./tmp', { recursive: true })"`, 'allow'],
    [`pwsh -c "Get-ChildItem | Select-Object Name"`, 'allow'],
    [`pwsh -c "Get-ChildItem . -Filter *.tmp | Remove-Item"`, 'allow'],
    ['cmd /c dir', 'allow'],
    [`cmd /c "del /s /q *.tmp"`, 'allow'],
    [`bun -e 'await Bun.$\`echo hi\`.text()'`, 'allow'],
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
