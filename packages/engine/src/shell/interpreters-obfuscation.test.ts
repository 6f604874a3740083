// Interpreter code that hides what it calls or where: names spelled indirectly (code-rewrites.ts), code decoded
// and run (code-decoding.ts), the working folder changed inside the code, links made by the code, Perl's glob
// operator, the program's own operands, truncation and the whole environment printed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { compileRules, evaluate, parseRules } from '../index';
import { analyzeShell } from './analyze';
import { literalConcatenation, rewriteIndirectCalls } from './code-rewrites';
import { shellCommandsInCode } from './interpreters';

const hex = (text: string): string => Buffer.from(text).toString('hex');
const b64 = (text: string): string => Buffer.from(text).toString('base64');
const rot13 = (text: string): string =>
  text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });

describe('interpreter code that hides its calls reads as the shell views that judge it', () => {
  const cases: readonly [command: string, views: string[]][] = [
    // Names spelled indirectly.
    [`python3 -c "getattr(__import__('shutil'),'rm'+'tree')(__import__('os').path.expanduser('~'))"`, ['rm -rf ~']],
    [`python3 -c "from shutil import rmtree as r; from pathlib import Path; r(Path.home())"`, ['rm -rf ~']],
    [`python3 -c "import os as o; o.remove(o.path.expanduser('~/.bashrc'))"`, ['rm ~/.bashrc']],
    [`python3 -c "from os import system as s; s('rm -rf ~')"`, ['rm -rf ~']],
    [
      `node -e "const { rmSync: r } = require('fs'); r(require('os').homedir(),{recursive:true,force:true})"`,
      ['rm -rf ~'],
    ],
    [`node -e "const f = require('fs'); f.rmSync(require('os').homedir(),{recursive:true,force:true})"`, ['rm -rf ~']],
    [`node -e "require('fs')['rm'+'Sync'](require('os').homedir(),{recursive:true,force:true})"`, ['rm -rf ~']],
    [`node -e "require('child_process')['exec' + 'Sync']('rm -rf ~')"`, ['rm -rf ~']],
    [`ruby -e 'require "fileutils"; FileUtils.send(:rm_rf, Dir.home)'`, ['rm -rf ~']],
    [`ruby -e 'require "fileutils"; FileUtils.public_send("rm_" + "rf", Dir.home)'`, ['rm -rf ~']],
    [`ruby -e 'require "fileutils"; FileUtils.method(:rm_rf).call(Dir.home)'`, ['rm -rf ~']],
    [`ruby -e 'Kernel.send(:system, "rm -rf ~")'`, ['rm -rf ~']],
    [`php -r '$f="sys"."tem"; $f("rm -rf ~");'`, ['rm -rf ~']],
    [`php -r 'call_user_func("system", "rm -rf ~");'`, ['rm -rf ~']],
    [`perl -e 'unlink <~/.ssh/*>'`, ['rm ~/.ssh/*']],
    // Code decoded and run.
    [`python3 -c "exec(bytes.fromhex('${hex("import os; os.system('rm -rf ~')")}').decode())"`, ['rm -rf ~']],
    [
      `python3 -c "import base64; exec(base64.b64decode('${b64("import shutil; shutil.rmtree('/home/dev')")}'))"`,
      ['rm -rf /home/dev'],
    ],
    [
      `python3 -c "import codecs; exec(codecs.decode('${rot13('import os; os.system(\\"rm -rf ~\\")')}','rot13'))"`,
      ['rm -rf ~'],
    ],
    [
      `python3 -c "import base64; c = base64.b64decode('${b64("import os; os.system('rm -rf ~')")}'); exec(c)"`,
      ['rm -rf ~'],
    ],
    [
      `node -e "eval(Buffer.from('${b64("require('child_process').execSync('rm -rf ~')")}','base64').toString())"`,
      ['rm -rf ~'],
    ],
    [
      `node -e "new Function(atob('${b64("require('fs').rmSync(require('os').homedir(),{recursive:true})")}'))()"`,
      ['rm -r ~'],
    ],
    [`ruby -e 'require "base64"; eval(Base64.decode64("${b64('system("rm -rf ~")')}"))'`, ['rm -rf ~']],
    [`php -r 'eval(base64_decode("${b64('system("rm -rf ~");')}"));'`, ['rm -rf ~']],
    [`python3 -c "import zlib; exec(zlib.decompress(data))"`, ['sh -c $UNKNOWN']],
    [`python3 -c "import base64; exec(base64.b64decode(payload))"`, ['sh -c $UNKNOWN']],
    [`python3 -c "exec(bytes.fromhex('zz').decode())"`, ['sh -c $UNKNOWN']],
    // The working folder changed inside the code.
    [
      `python3 -c "import os,shutil; os.chdir(os.path.expanduser('~')); shutil.rmtree('.ssh')"`,
      ['cd ~ && rm -rf .ssh'],
    ],
    [
      `python3 -c "import os,subprocess; subprocess.run(['rm','-rf','.ssh'], cwd=os.path.expanduser('~'))"`,
      ['cd ~ && rm -rf .ssh'],
    ],
    [
      `node -e "require('child_process').execSync('rm -rf .ssh', {cwd: require('os').homedir()})"`,
      ['cd ~ && rm -rf .ssh'],
    ],
    [
      `node -e "process.chdir(require('os').homedir()); require('fs').rmSync('.ssh',{recursive:true,force:true})"`,
      ['cd ~ && rm -rf .ssh'],
    ],
    [`perl -e 'chdir $ENV{HOME}; system "rm -rf .ssh"'`, ['cd ~ && rm -rf .ssh']],
    [`perl -e 'chdir; system "rm -rf .ssh"'`, ['cd ~ && rm -rf .ssh']],
    [`ruby -e 'Dir.chdir(Dir.home) { system("rm -rf .ssh") }'`, ['cd ~ && rm -rf .ssh']],
    [`ruby -e 'system("rm -rf .ssh", chdir: Dir.home)'`, ['cd ~ && rm -rf .ssh']],
    // Links, truncation, operands, the environment.
    [`python3 -c "import os; os.symlink(os.path.expanduser('~'),'h')"`, ['ln -s ~ h']],
    [`node -e "require('fs').symlinkSync(require('os').homedir(), 'h')"`, ['ln -s ~ h']],
    [`ruby -e 'File.symlink(Dir.home, "h")'`, ['ln -s ~ h']],
    [`perl -e 'symlink($ENV{HOME}, "h")'`, ['ln -s ~ h']],
    [`php -r 'symlink(getenv("HOME"), "h");'`, ['ln -s ~ h']],
    [`python3 -c "open('/home/dev/.ssh/id_rsa','r+').truncate()"`, ['truncate -s 0 /home/dev/.ssh/id_rsa']],
    [
      `python3 -c "import os; os.open(os.path.expanduser('~/.ssh/id_rsa'), os.O_WRONLY|os.O_TRUNC)"`,
      ['truncate -s 0 ~/.ssh/id_rsa'],
    ],
    [`python3 -c 'import sys;print(open(sys.argv[1]).read())' ~/.aws/credentials`, ['cat ~/.aws/credentials']],
    [
      `node -e "console.log(require('fs').readFileSync(process.argv[1],'utf8'))" ~/.aws/credentials`,
      ['cat ~/.aws/credentials'],
    ],
    [`ruby -e 'puts File.read(ARGV[0])' /etc/shadow`, ['cat /etc/shadow']],
    [`node -p process.env`, ['printenv']],
    [`python3 -c "import os; print(os.environ)"`, ['printenv']],
    [`node -e "console.log(process.env)"`, ['printenv']],
    [`perl -e 'print "$_=$ENV{$_}\\n" for keys %ENV'`, ['printenv']],
  ];
  for (const [command, views] of cases) {
    test(command.slice(0, 160), () => {
      const { commands } = analyzeShell(command);
      // A `cd X && …` view reaches the analysis as its two commands.
      for (const view of views.flatMap((line) => line.split(' && ')))
        assert.ok(commands.includes(view), `${JSON.stringify(view)} not in ${JSON.stringify(commands)}`);
    });
  }
});

describe('look-alikes stay what they are', () => {
  const cases: readonly [language: 'python' | 'node' | 'ruby' | 'php' | 'perl', code: string, views: string[]][] = [
    ['python', `x = getattr(obj, 'name'); print(x)`, []],
    ['python', `getattr(args, 'dry' + '_run')`, []],
    [
      'python',
      `import json, base64; print(json.loads(base64.b64decode('${b64('{"a": "rm -rf ~"}').slice(0, 8)}')))`,
      [],
    ],
    ['python', `import os, shutil; os.chdir('build'); shutil.rmtree('dist')`, ['cd build && rm -rf dist']],
    ['python', `import os, shutil; os.chdir(d); shutil.rmtree('dist')`, ['rm -rf dist']],
    ['python', `import numpy as np; np.save('x', np.zeros(3))`, []],
    ['node', `const o = {a: 1}; console.log(o['a'], process.env.PATH)`, []],
    ['node', `console.log(JSON.parse(Buffer.from('e30=', 'base64').toString()))`, []],
    ['ruby', `puts [1, 2].send(:sum)`, []],
    ['php', `$n = "count"; echo $n([1, 2]);`, []],
    ['perl', `while (<STDIN>) { print if $x < 2 and $y > 3 }`, []],
  ];
  for (const [language, code, views] of cases) {
    test(`${language}: ${code}`, () => {
      assert.deepEqual(shellCommandsInCode(language, code), views);
    });
  }
  test('a decoded base64 JSON blob given to json.loads is not read as code', () => {
    const blob = b64(JSON.stringify({ cmd: "__import__('os').system('rm -rf ~')" }));
    assert.deepEqual(shellCommandsInCode('python', `import json, base64; json.loads(base64.b64decode('${blob}'))`), []);
  });
  test('literalConcatenation reads only literals', () => {
    assert.equal(literalConcatenation(`'rm' + "tree"`, 'python'), 'rmtree');
    assert.equal(literalConcatenation(`"sys" . 'tem'`, 'php'), 'system');
    assert.equal(literalConcatenation(`'rm' + x`, 'python'), undefined);
    assert.equal(literalConcatenation(`"a$x"`, 'php'), undefined);
  });
  test('rewrites leave code without indirect names as it is', () => {
    const code = `import os\nprint(os.getcwd())`;
    assert.equal(rewriteIndirectCalls('python', code), code);
  });
});

describe('the red team lines are stopped by the Sleep at Night bundle', () => {
  const NIGHT = new URL('../../../../resources/rules/sleep-at-night.rules', import.meta.url).pathname;
  const night = compileRules([parseRules(readFileSync(NIGHT, 'utf8'), NIGHT)]);
  const decide = (command: string): string =>
    evaluate(night, { tool: 'Bash', capability: 'execute', client: 'claude-code', input: { command } }).decision;
  const blocked = [
    `python3 -c "getattr(__import__('shutil'),'rm'+'tree')(__import__('os').path.expanduser('~'))"`,
    `python3 -c "import os,shutil; os.chdir(os.path.expanduser('~')); shutil.rmtree('.ssh')"`,
    `node -e "process.chdir(require('os').homedir()); require('fs').rmSync('.ssh',{recursive:true,force:true})"`,
    `python3 -c "import os; os.symlink(os.path.expanduser('~'),'h')" && rm -rf h/*`,
    `perl -e 'unlink <~/.ssh/*>'`,
    `php -r '$f="sys"."tem"; $f("rm -rf ~");'`,
  ];
  for (const command of blocked) test(`${command} is blocked`, () => assert.equal(decide(command), 'block'));
  test('code decoded from something unknown is asked about', () =>
    assert.equal(decide(`python3 -c "import zlib; exec(zlib.decompress(data))"`), 'ask'));
});

describe('decoding hostile payloads stays bounded', () => {
  const limit = 2_000;
  const timed = (language: 'python' | 'node', code: string): string[] => {
    const started = performance.now();
    const views = shellCommandsInCode(language, code);
    assert.ok(performance.now() - started < limit, `took ${performance.now() - started} ms`);
    return views;
  };
  test('a payload nested twenty deep is read to a bounded depth', () => {
    let code = `import os; os.system('rm -rf ~')`;
    for (let i = 0; i < 20; i += 1) code = `exec(base64.b64decode('${b64(code)}'))`;
    // Nested past the depth, it is code ssg cannot read: asked about, never lost.
    assert.deepEqual(timed('python', code), ['sh -c $UNKNOWN']);
  });
  test('a payload nested within the depth is read', () => {
    let code = `import os; os.system('rm -rf ~')`;
    for (let i = 0; i < 3; i += 1) code = `exec(base64.b64decode('${b64(code)}'))`;
    assert.deepEqual(timed('python', code), ['rm -rf ~']);
  });
  test('a huge hex literal is not decoded', () => {
    assert.deepEqual(timed('python', `exec(bytes.fromhex('${'41'.repeat(200_000)}').decode())`), ['sh -c $UNKNOWN']);
  });
  test('many sinks and odd hex stay bounded', () => {
    timed('python', `exec(bytes.fromhex('4'));`.repeat(20_000));
    timed('node', `eval(atob('${'A'.repeat(100)}'));`.repeat(10_000));
    timed('python', `getattr(getattr(getattr(x, 'a'), 'b'), 'c');`.repeat(10_000));
    timed('node', `x['a' + 'b']['c'];`.repeat(20_000));
  });
});
