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
    ['python', "open('notes.txt').read(); open('y', 'rb')", []],
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
    ['node', "console.log(require('fs').readFileSync('package.json','utf8'))", []],
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
    ['perl', "open(my $fh, '<', 'x'); open FH, 'y'", []],
    ['perl', "chmod 0755, 'a', 'b'", ['chmod 755 a b']],
    ['php', "unlink('/etc/x'); file_put_contents(getenv('HOME') . '/.bashrc', $s)", ['rm /etc/x', 'tee ~/.bashrc']],
    ['python', "shutil.rmtree('/tmp/x'", ['rm -rf /tmp/x']],
  ];
  for (const [language, code, want] of cases) {
    test(`${language}: ${JSON.stringify(code)}`, () => {
      assert.deepEqual(fileOperationCommands(language, code), want);
    });
  }

  test('a long program is scanned in one pass', () => {
    const code = `${'x = open("f").read()\n'.repeat(100_000)}shutil.rmtree("/")`;
    const start = performance.now();
    assert.deepEqual(fileOperationCommands('python', code), ['rm -rf /']);
    assert.ok(performance.now() - start < 1000);
  });

  test('unclosed calls do not make the scan quadratic', () => {
    const code = 'shutil.rmtree(('.repeat(100_000);
    const start = performance.now();
    fileOperationCommands('python', code);
    assert.ok(performance.now() - start < 1000);
  });
});
