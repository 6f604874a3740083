// Interpreter code read as shell views: names and loops (code-names.ts), pathlib methods, exec families,
// computed shell-outs, reads and secrets, more languages (Lua, R, Julia, awk, AppleScript, Tcl, Makefiles) and
// the wrappers that run code (package runners, vim, git aliases, containers with host folders).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeShell } from './analyze';
import { codeNames, normalizeCode } from './code-names';
import { pathWord, shellText } from './code-paths';
import { shellCommandsInCode } from './interpreters';
import { makeRecipes, tclCommands } from './script-languages';
import { secretReadCommands } from './secret-reads';

describe('interpreter code reads as the shell views that judge it', () => {
  const cases: readonly [command: string, views: string[]][] = [
    [
      `python3 -c "from pathlib import Path; Path.home().joinpath('.aws/credentials').unlink()"`,
      ['rm ~/.aws/credentials'],
    ],
    [`python3 -c "from pathlib import Path; (Path.home() / '.ssh').rmdir()"`, ['rmdir ~/.ssh']],
    [`python3 -c "import pathlib; pathlib.Path('/etc/hosts').write_text('')"`, ['truncate -s 0 /etc/hosts']],
    [`python3 -c "from pathlib import Path; Path('/usr/bin/x').chmod(0o777)"`, ['chmod 777 /usr/bin/x']],
    [`python3 -c "import os; os.execvp('rm', ['rm', '-rf', os.path.expanduser('~')])"`, ['rm -rf ~']],
    [`python3 -c "import os; os.execl('/bin/rm', 'rm', '-rf', '/home/dev')"`, ['rm -rf /home/dev']],
    [`python3 -c "import os; os.spawnvp(os.P_WAIT, 'rm', ['rm', '-rf', '/'])"`, ['rm -rf /']],
    [`python3 -c "import pty; pty.spawn(['rm', '-rf', '/srv'])"`, ['rm -rf /srv']],
    [`python3 -c "__import__('shutil').rmtree(__import__('os').path.expanduser('~'))"`, ['rm -rf ~']],
    [`python3 -c "import base64,os; os.system(base64.b64decode('cm0gLXJmIH4=').decode())"`, ['rm -rf ~']],
    [`python3 -c "import os; os.system(cmd)"`, ['sh -c $UNKNOWN']],
    [
      `python3 <<'PY'\nimport shutil\nfrom pathlib import Path\nfor name in ['.ssh', '.gnupg']:\n    shutil.rmtree(Path.home() / name)\nPY`,
      ['rm -rf ~/.ssh', 'rm -rf ~/.gnupg'],
    ],
    [
      `python - <<EOF\nimport os, shutil\nhome = os.path.expanduser('~')\nfor entry in os.listdir(home):\n    shutil.rmtree(os.path.join(home, entry))\nEOF`,
      ['rm -rf ~/*'],
    ],
    [
      `python3 -c "import os; [os.chmod(os.path.join(r, f), 0o777) for r, _, fs in os.walk('/etc') for f in fs]"`,
      ['chmod -R 777 /etc'],
    ],
    [`sudo python3 -c "open('/etc/passwd', 'w').close()"`, ['truncate -s 0 /etc/passwd']],
    [
      `python3 -c "import configparser,os; c=configparser.ConfigParser(); c.read(os.path.expanduser('~/.aws/credentials'))"`,
      ['cat ~/.aws/credentials'],
    ],
    [`python3 -c "import os; print(os.environ.get('AWS_SECRET_ACCESS_KEY'))"`, ['printenv AWS_SECRET_ACCESS_KEY']],
    [
      `python3 -c "import keyring; print(keyring.get_password('github', 'dev'))"`,
      ['secret-tool lookup service github username dev'],
    ],
    [
      `python3 -c "import sqlite3,os; sqlite3.connect(os.path.expanduser('~/.config/gcloud/credentials.db'))"`,
      ['cat ~/.config/gcloud/credentials.db'],
    ],
    [`node -e "require('fs/promises').rm('/etc', {recursive: true, force: true})"`, ['rm -rf /etc']],
    [
      `node --input-type=module -e "import { rm } from 'node:fs/promises'; await rm(process.env.HOME + '/Documents', { recursive: true })"`,
      ['rm -r ~/Documents'],
    ],
    [`node -p "require('fs').rmSync(require('path').resolve('../..'), {recursive:true})"`, ['rm -r ../..']],
    [`node -e "require('fs').rmSync('/' + ['home','dev'].join('/'), {recursive:true})"`, ['rm -r /home/dev']],
    [
      `node <<'JS'\nconst fs = require('fs');\nconst path = require('path');\nconst home = require('os').homedir();\nfor (const entry of fs.readdirSync(home)) fs.rmSync(path.join(home, entry), { recursive: true, force: true });\nJS`,
      ['rm -rf ~/*'],
    ],
    [`node -e "require('fs-extra').removeSync('/home/dev')"`, ['rm -rf /home/dev']],
    [
      `node -e "console.log(require('fs').readFileSync(require('os').homedir() + '/.npmrc', 'utf8'))"`,
      ['cat ~/.npmrc'],
    ],
    [`deno eval "new Deno.Command('rm', { args: ['-rf', Deno.env.get('HOME')!] }).outputSync()"`, ['rm -rf ~']],
    [`deno eval "Deno.run({ cmd: ['rm', '-rf', '/srv'] })"`, ['rm -rf /srv']],
    [`bun -e 'console.log(await Bun.file(Bun.env.HOME + "/.aws/credentials").text())'`, ['cat ~/.aws/credentials']],
    [`npx rimraf /home/dev`, ['rm -rf /home/dev']],
    [`bunx rimraf@5 ~/Documents`, ['rm -rf ~/Documents']],
    [`pnpm dlx rimraf dist`, ['rm -rf dist']],
    [`npx -c 'rm -rf ~'`, ['rm -rf ~']],
    [
      `ruby -e 'Dir.glob(File.join(Dir.home, "**", "*")).each { |f| File.delete(f) if File.file?(f) }'`,
      ['find ~ -type f -delete'],
    ],
    [`ruby -e 'puts File.read(Dir.home + "/.kube/config")'`, ['cat ~/.kube/config']],
    [`php -r 'system("rm -rf " . getenv("HOME"));'`, ['rm -rf $HOME']],
    [`php -r 'array_map("unlink", glob(getenv("HOME") . "/.ssh/*"));'`, ['rm ~/.ssh/*']],
    [`php -r '$f = getenv("HOME") . "/.ssh/id_ed25519"; unlink($f);'`, ['rm ~/.ssh/id_ed25519']],
    [`php -r 'echo file_get_contents($_SERVER["HOME"] . "/.pypirc");'`, ['cat ~/.pypirc']],
    [`awk 'BEGIN { system("rm -rf ~") }'`, ['rm -rf ~']],
    [`gawk 'BEGIN { print "rm -rf " ENVIRON["HOME"] | "sh" }'`, ['rm -rf $HOME']],
    [`lua -e 'os.execute("rm -rf " .. os.getenv("HOME"))'`, ['rm -rf $HOME']],
    [`lua -e 'os.remove(os.getenv("HOME") .. "/.bashrc")'`, ['rm ~/.bashrc']],
    [`Rscript -e 'unlink("~", recursive = TRUE)'`, ["rm -rf '~'"]],
    [`Rscript -e 'system("rm -rf /srv")'`, ['rm -rf /srv']],
    [`julia -e 'rm(homedir(); recursive=true)'`, ['rm -rf ~']],
    [`julia -e 'run(\`rm -rf $(homedir())\`)'`, ['rm -rf ~']],
    [`tclsh <<< 'file delete -force $env(HOME)'`, ['rm -rf ~']],
    [`expect -c 'exec rm -rf /srv'`, ['rm -rf /srv']],
    [`osascript -e 'do shell script "rm -rf ~/Documents"'`, ['rm -rf ~/Documents']],
    [`vim -es -c '!rm -rf ~/.ssh' -c q`, ['rm -rf ~/.ssh']],
    [`nvim +'silent !rm -rf ~' +q`, ['rm -rf ~']],
    [`git -c alias.nuke='!rm -rf ~' nuke`, ['rm -rf ~']],
    [`git -c alias.p='push --force' p origin main`, ['git push --force origin main']],
    [`make -f /dev/stdin <<< $'all:\\n\\trm -rf ~'`, ['rm -rf ~']],
    [`make -f - <<'EOF'\nclean:\n\t@rm -rf $(HOME)/src\nEOF`, ['rm -rf ${HOME}/src']],
    [`docker run --rm -v $HOME:/h busybox sh -c 'rm -rf /h/*'`, ['rm -rf $HOME/*']],
    [`docker run --rm -v /:/host alpine rm -rf /host/home/dev`, ['rm -rf /home/dev']],
    [`podman run --mount type=bind,source=/srv,target=/data alpine rm -rf /data/db`, ['rm -rf /srv/db']],
    [`cmd /c rmdir /s /q C:\\Users\\bob`, ['rm -rf /mnt/c/Users/bob']],
    [`cmd.exe /c "format D: /q /y"`, ['mkfs /dev/disk/by-drive-letter/D']],
    [`pwsh -c 'Format-Volume -DriveLetter E'`, ['mkfs /dev/disk/by-drive-letter/E']],
    [`powershell.exe -c 'Remove-Item -Recurse -Force C:\\Windows\\System32'`, ['rm -rf /mnt/c/Windows/System32']],
    [`ssh ci 'docker system prune -af --volumes'`, ['docker system prune -af --volumes']],
  ];
  for (const [command, views] of cases) {
    test(command, () => {
      const { commands } = analyzeShell(command);
      for (const view of views) assert.ok(commands.includes(view), `${view} not in ${JSON.stringify(commands)}`);
    });
  }
});

describe('look-alikes stay harmless', () => {
  const cases: readonly [command: string, absent: RegExp][] = [
    [`python3 -c "print('rm -rf ~')"`, /^rm /],
    [`python3 -c "import asyncio; asyncio.run(main())"`, /^sh -c/],
    [`python3 -c "s = 'a/b'; print(s.replace('a', 'b'))"`, /^mv /],
    [`python3 -c "print(open('README.md').read())"`, /^(?!cat README\.md$)(?:rm|tee|truncate)/],
    [`python3 -c "import shutil; shutil.rmtree('./build')"`, /^rm -rf (?!\.\/build$)/],
    [`node -e "const m = /x/.exec(s); console.log(m)"`, /^sh -c/],
    [`npx rimraf dist`, /^rm -rf (?!dist$)/],
    [`npx eslint .`, /^rm /],
    [`docker run --rm alpine rm -rf /`, /^rm /],
    [`docker run --rm -v $PWD:/src node npm test`, /^rm /],
    [`git -c color.ui=always log`, /^rm /],
    [`vim -c 'set nu' README.md`, /^rm /],
    [`awk '{ print $1 }' data.txt`, /^sh /],
    [`make -f Makefile build`, /^rm /],
  ];
  for (const [command, absent] of cases) {
    test(command, () => {
      const { commands } = analyzeShell(command);
      const found = commands.filter((view) => view !== command && absent.test(view));
      assert.deepEqual(found, []);
    });
  }
});

describe('the pieces', () => {
  test('names hold what they were assigned, once', () => {
    const names = codeNames('python', "home = '/h'\nx = 1\nx = 2\nfor n in ['a', 'b']: pass");
    assert.deepEqual(names.get('home'), ["'/h'"]);
    assert.deepEqual(names.get('x'), []);
    assert.deepEqual(names.get('n'), ["'a'", "'b'"]);
    assert.equal(pathWord('home', 'python', names), '/h');
    assert.equal(pathWord('x', 'python', names), '$UNKNOWN');
  });
  test('modules are read through their handles', () => {
    assert.equal(normalizeCode('python', "__import__('os').remove('x')"), "os.remove('x')");
    assert.equal(
      normalizeCode('node', "const { rmSync: r } = require('node:fs'); r('x')"),
      "const { rmSync: r } = fs; fs.rmSync('x')",
    );
  });
  test('shell text of computed commands', () => {
    assert.equal(shellText('"rm -rf " + os.environ["HOME"]', 'python'), 'rm -rf $HOME');
    assert.equal(shellText('"rm -rf " + d', 'python'), 'rm -rf $UNKNOWN');
    assert.equal(shellText('d', 'python'), undefined);
    assert.equal(shellText("atob('bHM=')", 'node'), 'ls');
  });
  test('secrets need a secret-looking name', () => {
    assert.deepEqual(secretReadCommands('node', 'process.env.GITHUB_TOKEN; process.env.PATH'), [
      'printenv GITHUB_TOKEN',
    ]);
  });
  test('make recipes and tcl commands', () => {
    assert.deepEqual(makeRecipes('x = 1\nall: ; echo $$HOME\n\t-rm -rf $(OUT) \\\n  y\n'), [
      'echo $HOME',
      'rm -rf ${OUT} y',
    ]);
    assert.deepEqual(tclCommands('if {1} { file rename a b }; puts [exec ls]'), ['mv a b']);
  });
});

describe('new scanners stay bounded on a megabyte', () => {
  const megabyte = (unit: string): string => unit.repeat(Math.ceil(1_000_000 / unit.length));
  const cases: readonly [language: Parameters<typeof shellCommandsInCode>[0], code: string][] = [
    ['python', megabyte('for n in [a, b]:\n x = n\n')],
    ['python', megabyte('Path(x).unlink();')],
    ['python', megabyte('os.execv(')],
    ['python', megabyte('(((')],
    ['python', megabyte("x = __import__('os') + ")],
    ['node', megabyte("import { rm as r } from 'fs'; r(a);")],
    ['node', megabyte('for (const a of fs.readdirSync(b)) ')],
    ['ruby', megabyte('x.each { |f| File.delete(f) } ')],
    ['php', megabyte('array_map("unlink", ')],
    ['awk', megabyte('print x | "sh"; ')],
    ['awk', megabyte('"')],
    ['lua', megabyte('os.execute("a" .. ')],
    ['julia', megabyte('`')],
    ['applescript', megabyte('do shell script ')],
    ['tcl', megabyte('{[')],
    ['tcl', megabyte('exec rm $env(HOME); ')],
    ['make', megabyte('\trm $(X)\n')],
  ];
  for (const [language, code] of cases) {
    test(`${language}: ${code.slice(0, 30)}`, () => {
      const start = performance.now();
      const found = shellCommandsInCode(language, code);
      assert.ok(Array.isArray(found));
      assert.ok(performance.now() - start < 3000, `took ${performance.now() - start} ms`);
    });
  }
  test('a megabyte of docker mounts and vim commands', () => {
    const start = performance.now();
    analyzeShell(`docker run ${'-v /:/h '.repeat(100_000)}alpine rm -rf /h/x`);
    analyzeShell(`vim ${"-c '!ls' ".repeat(100_000)}`);
    assert.ok(performance.now() - start < 4000, `took ${performance.now() - start} ms`);
  });
});
