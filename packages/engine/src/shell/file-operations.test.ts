import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileOperationCommands } from './file-operations';
import type { ScannedLanguage } from './interpreters';

describe('fileOperationCommands', () => {
  const cases: readonly [language: ScannedLanguage, code: string, want: string[]][] = [
    ['python', "import shutil; shutil.rmtree('/home/me')", ['rm -rf /home/me']],
    ['python', 'from shutil import rmtree\nrmtree(Path.home(), ignore_errors=True)', ['rm -rf ~']],
    ['python', "os.remove('a.txt'); os.unlink(p)", ['rm a.txt', 'rm $UNKNOWN']],
    ['python', "os.rmdir('d')", ['rmdir d']],
    ['python', "open('/etc/hosts', 'w').write(x)", ['tee /etc/hosts']],
    ['python', "with open(os.path.expanduser('~/.bashrc'), mode='a') as f: f.write(x)", ['tee -a ~/.bashrc']],
    ['python', "open('x', 'r+')", ['tee -a x']],
    ['python', "open('notes.txt').read(); open('y', 'rb')", ['cat notes.txt', 'cat y']],
    ['python', "os.chmod('/usr/local/bin/x', 0o4755)", ['chmod 4755 /usr/local/bin/x']],
    ['python', "shutil.move('evil', os.path.expanduser('~/.zshrc'))", ['mv evil ~/.zshrc']],
    ['python', "shutil.copytree('a', 'b')", ['cp -r a b']],
    ['python', "items.remove('x'); s.replace('a', 'b'); webbrowser.open('u')", []],
    ['node', "require('fs').rmSync(process.env.HOME,{recursive:true,force:true})", ['rm -rf ~']],
    ['node', "fs.rmSync('dist', { recursive: true })", ['rm -r dist']],
    ['node', "fs.rmSync('f.txt')", ['rm f.txt']],
    ['node', 'fs.promises.rm(os.homedir(), {recursive: true, force: true})', ['rm -rf ~']],
    ['node', "fs.rmdirSync('/', {recursive: true})", ['rm -r /']],
    ['node', "fs.unlinkSync('/etc/passwd')", ['rm /etc/passwd']],
    ['node', "fs.writeFileSync(path.join(os.homedir(), '.bashrc'), 'x')", ['tee ~/.bashrc']],
    ['node', "fs.writeFileSync('log', s, { flag: 'a' })", ['tee -a log']],
    ['node', "fs.appendFileSync('.npmrc', s)", ['tee -a .npmrc']],
    ['node', "fs.createWriteStream('/dev/sda')", ['tee /dev/sda']],
    ['node', "fs.chmodSync('x', '777'); fs.chmodSync('y', 0o755)", ['chmod 777 x', 'chmod 755 y']],
    ['node', "console.log(require('fs').readFileSync('package.json','utf8'))", ['cat package.json']],
    ['ruby', 'require "fileutils"; FileUtils.rm_rf(Dir.home)', ['rm -rf ~']],
    ['ruby', 'FileUtils.rm_rf Dir.home', ['rm -rf ~']],
    ['ruby', "FileUtils.rm_r '/srv', noop: true", ['rm -r /srv']],
    ['ruby', "File.delete('a', 'b')", ['rm a b']],
    ['ruby', "File.write(File.expand_path('~/.profile'), s)", ['tee ~/.profile']],
    ['ruby', "File.open('x', 'w') { |f| f << s }", ['tee x']],
    ['ruby', "File.chmod(0777, '/tmp/x')", ['chmod 777 /tmp/x']],
    ['perl', 'use File::Path; rmtree($ENV{HOME})', ['rm -rf ~']],
    ['perl', 'File::Path::remove_tree("$ENV{HOME}/src", {verbose => 1})', ['rm -rf ~/src']],
    ['perl', 'unlink "a", "b"; unlink $f', ['rm a b', 'rm $UNKNOWN']],
    ['perl', "open(my $fh, '>', '/etc/x'); open(FH, \">>$ENV{HOME}/.bashrc\")", ['tee /etc/x', 'tee -a ~/.bashrc']],
    ['perl', "open(my $fh, '<', 'x'); open FH, 'y'", ['cat x']],
    ['perl', "chmod 0755, 'a', 'b'", ['chmod 755 a b']],
    ['php', "unlink('/etc/x'); file_put_contents(getenv('HOME') . '/.bashrc', $s)", ['rm /etc/x', 'tee ~/.bashrc']],
    ['python', "shutil.rmtree('/tmp/x'", ['rm -rf /tmp/x']],
    // Emptying a file: a write-mode open closed at once, writing '', truncating.
    ['python', "open('/home/dev/.ssh/id_ed25519','w').close()", ['truncate -s 0 /home/dev/.ssh/id_ed25519']],
    ['python', "with open('out.txt', 'w') as f: pass", ['truncate -s 0 out.txt']],
    ['python', "with open('out.txt', 'w') as f: f.write(s)", ['tee out.txt']],
    ['python', "open('log', 'a').close()", ['tee -a log']],
    ['python', "os.truncate('/var/log/x', 0)", ['truncate -s 0 /var/log/x']],
    ['node', "fs.writeFileSync('log.txt', '')", ['truncate -s 0 log.txt']],
    ['node', "fs.truncateSync(os.homedir() + '/.ssh/id_rsa')", ['truncate -s 0 ~/.ssh/id_rsa']],
    ['ruby', "File.write('x', '')", ['truncate -s 0 x']],
    // Deno and Bun.
    ['node', "await Deno.remove(Deno.env.get('HOME'), { recursive: true })", ['rm -rf ~']],
    ['node', "Deno.removeSync('./tmp', { recursive: true }); Deno.remove('f')", ['rm -rf ./tmp', 'rm f']],
    ['node', "await Deno.writeTextFile(Deno.env.get('HOME') + '/.bashrc', s)", ['tee ~/.bashrc']],
    ['node', "Deno.writeTextFileSync('log', s, { append: true })", ['tee -a log']],
    [
      'node',
      "Deno.chmodSync('/usr/local/bin/x', 0o777); Deno.renameSync('a', 'b')",
      ['chmod 777 /usr/local/bin/x', 'mv a b'],
    ],
    ['node', "await Bun.write(os.homedir() + '/.zshrc', s)", ['tee ~/.zshrc']],
    ['node', "console.log(await Deno.readTextFile('README.md'))", ['cat README.md']],
    // Loops over a tree whose variables reach a delete delete the tree.
    [
      'python',
      "import os\nfor root, dirs, files in os.walk('/home/dev', topdown=False):\n    for f in files:\n        os.remove(os.path.join(root, f))",
      ['rm $UNKNOWN', 'rm -rf /home/dev'],
    ],
    [
      'python',
      'for root, dirs, files in os.walk(Path.home()):\n    for d in dirs:\n        shutil.rmtree(os.path.join(root, d))',
      ['rm -rf $UNKNOWN', 'rm -rf ~'],
    ],
    [
      'python',
      "[os.remove(os.path.join(r, f)) for r, d, fs in os.walk(os.path.expanduser('~')) for f in fs]",
      ['rm $UNKNOWN', 'rm -rf ~'],
    ],
    ['python', "for p in Path('/srv/data').rglob('*'):\n    p.unlink()", ['rm -rf /srv/data']],
    ['python', "for p in Path.home().rglob('*'):\n    if p.is_file(): p.unlink()", ['find ~ -name $UNKNOWN -delete']],
    ['python', "for p in Path('build').rglob('*.o'): p.unlink()", ["find build -name '*.o' -delete"]],
    [
      'python',
      "for f in glob.glob('/home/dev/**', recursive=True): os.remove(f)",
      ['find /home/dev -type f -delete', 'rm -rf /home/dev'],
    ],
    [
      'python',
      "for root, dirs, files in os.walk('.'):\n    for f in files:\n        if f.endswith('.pyc'):\n            os.remove(os.path.join(root, f))",
      ['rm $UNKNOWN', 'find . -name $UNKNOWN -delete'],
    ],
    // Look-alikes: a walk that only reads, a delete of something else, a glob that is not recursive.
    ['python', "for root, dirs, files in os.walk('/home/dev'):\n    print(root, len(files))", []],
    ['python', "for root, dirs, files in os.walk('/home/dev'):\n    pass\nos.remove('/tmp/x')", ['rm /tmp/x']],
    ['python', "for f in glob.glob('/home/dev/*.log'): os.remove(f)", ['rm /home/dev/*.log']],
    ['python', "for p in Path('/home/dev').glob('*.py'): print(p)", []],
  ];
  for (const [language, code, want] of cases) {
    test(`${language}: ${JSON.stringify(code)}`, () => {
      assert.deepEqual(fileOperationCommands(language, code), want);
    });
  }

  test('a long program is scanned in one pass', () => {
    const code = `${'x = open("f").read()\n'.repeat(100_000)}shutil.rmtree("/")`;
    const start = performance.now();
    assert.deepEqual(fileOperationCommands('python', code), ['cat f', 'rm -rf /']);
    assert.ok(performance.now() - start < 1000);
  });

  test('many loops and deletes stay linear', () => {
    const code = `${"for a in os.walk('/x'):\n".repeat(20_000)}${'os.remove(a)\n'.repeat(20_000)}`;
    const start = performance.now();
    assert.deepEqual(fileOperationCommands('python', code).at(-1), 'rm -rf /x');
    assert.ok(performance.now() - start < 1000);
  });

  test('unclosed calls do not make the scan quadratic', () => {
    const code = 'shutil.rmtree(('.repeat(100_000);
    const start = performance.now();
    fileOperationCommands('python', code);
    assert.ok(performance.now() - start < 1000);
  });
});
