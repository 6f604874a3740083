import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { modeWord, pathWord, UNKNOWN_TARGET } from './code-paths';
import type { ScannedLanguage } from './interpreters';

describe('pathWord', () => {
  const cases: readonly [language: ScannedLanguage, expression: string, want: string][] = [
    ['python', "'/home/me'", '/home/me'],
    ['python', '"build/out"', 'build/out'],
    ['python', "'My Files'", "'My Files'"],
    ['python', "'~'", "'~'"],
    ['python', "'$HOME'", "'$HOME'"],
    ['python', "''", "''"],
    ['python', "os.path.expanduser('~')", '~'],
    ['python', "os.path.expanduser('~/.ssh')", '~/.ssh'],
    ['python', 'Path.home()', '~'],
    ['python', 'pathlib.Path.home()', '~'],
    ['python', "Path.home() / '.config'", '~/.config'],
    ['python', "os.environ['HOME']", '~'],
    ['python', 'os.environ.get("HOME")', '~'],
    ['python', "os.getenv('USERPROFILE')", '~'],
    ['python', "os.environ['HOME'] + '/src'", '~/src'],
    ['python', "os.path.join(os.path.expanduser('~'), 'src', 'app')", '~/src/app'],
    ['python', "str(Path.home() / 'x')", '~/x'],
    ['python', 'f"{Path.home()}/x"', '~/x'],
    ['python', 'f"{d}/x"', UNKNOWN_TARGET],
    ['python', 'target', UNKNOWN_TARGET],
    ['python', "'/tmp/' + name", UNKNOWN_TARGET],
    ['python', "'/tmp' + Path.home()", UNKNOWN_TARGET],
    ['node', 'process.env.HOME', '~'],
    ['node', "process.env['HOME']", '~'],
    ['node', 'os.homedir()', '~'],
    ['node', "require('os').homedir()", '~'],
    ['node', "require('node:os').homedir() + '/.npmrc'", '~/.npmrc'],
    ['node', "path.join(os.homedir(), '.bashrc')", '~/.bashrc'],
    ['node', '`${process.env.HOME}/.ssh`', '~/.ssh'],
    ['node', "'~'", "'~'"],
    ['node', 'dir', UNKNOWN_TARGET],
    ['node', "Deno.env.get('HOME')", '~'],
    ['node', 'Bun.env.HOME', '~'],
    ['node', "Deno.env.get('PATH')", UNKNOWN_TARGET],
    ['perl', 'glob("~")', '~'],
    ['perl', 'glob("$ENV{HOME}/.ssh/*")', '~/.ssh/*'],
    ['perl', "glob('/tmp/my dir/*.log')", "'/tmp/my dir/'*.log"],
    ['perl', "'/tmp/*'", "'/tmp/*'"],
    ['python', "glob.glob('/home/dev/**', recursive=True)", '/home/dev/**'],
    ['python', "glob.glob('~/x')", "'~/x'"],
    ['ruby', 'Dir.home', '~'],
    ['ruby', "ENV['HOME']", '~'],
    ['ruby', "File.expand_path('~/.gem')", '~/.gem'],
    ['ruby', "File.join(Dir.home, 'x')", '~/x'],
    ['ruby', '"#{Dir.home}/x"', '~/x'],
    ['ruby', '"#{dir}/x"', UNKNOWN_TARGET],
    ['perl', '$ENV{HOME}', '~'],
    ['perl', "$ENV{'HOME'}", '~'],
    ['perl', '"$ENV{HOME}/x"', '~/x'],
    ['perl', "$ENV{HOME} . '/x'", '~/x'],
    ['perl', '"$dir/x"', UNKNOWN_TARGET],
    ['perl', "'$dir/x'", "'$dir/x'"],
    ['python', `${'str('.repeat(20)}Path.home()${')'.repeat(20)}`, UNKNOWN_TARGET],
  ];
  for (const [language, expression, want] of cases) {
    test(`${language}: ${expression}`, () => {
      assert.equal(pathWord(expression, language), want);
    });
  }
});

describe('modeWord', () => {
  const cases: readonly [expression: string, want: string][] = [
    ['0o777', '777'],
    ['0755', '755'],
    ['0o4755', '4755'],
    ["'644'", '644'],
    ['"0755"', '0755'],
    ['493', '755'],
    ["oct('777')", '777'],
    ['stat.S_IRWXU', UNKNOWN_TARGET],
  ];
  for (const [expression, want] of cases) {
    test(expression, () => {
      assert.equal(modeWord(expression), want);
    });
  }
});
