// Programs that run a shell command given in an option or an environment variable (option-commands.ts): the
// command must show as a view of its own, and look-alikes must stay harmless.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { commandEffects } from './executions';
import { environmentCommands } from './option-commands';
import { plainWord } from './word';
import { type ViewCase, viewTable } from './view-table.testing';

/** A command whose only other view is `rm -rf ~`. */
function runsRm(input: string, view = input): ViewCase {
  return [input, [view, 'rm -rf ~']];
}

describe('git options and config keys that run a command', () => {
  viewTable([
    runsRm("git rebase -x 'rm -rf ~' main"),
    runsRm("git rebase --exec='rm -rf ~' main", "git rebase '--exec=rm -rf ~' main"),
    runsRm("git rebase -i --exec 'rm -rf ~' main"),
    runsRm("git rebase -ix 'rm -rf ~' main"),
    runsRm('git bisect run rm -rf ~'),
    runsRm("git filter-branch --tree-filter 'rm -rf ~' HEAD"),
    runsRm("git filter-branch --index-filter 'rm -rf ~' HEAD"),
    runsRm("git filter-branch --msg-filter 'rm -rf ~'"),
    runsRm("git filter-branch --commit-filter 'rm -rf ~'"),
    runsRm("git filter-branch --parent-filter 'rm -rf ~'"),
    runsRm("git filter-branch --env-filter='rm -rf ~'", "git filter-branch '--env-filter=rm -rf ~'"),
    runsRm("git submodule foreach --recursive 'rm -rf ~'"),
    runsRm("git submodule --quiet foreach 'rm -rf ~'"),
    runsRm('git submodule foreach rm -rf ~'),
    runsRm("git difftool -x 'rm -rf ~'"),
    runsRm("git difftool --extcmd='rm -rf ~'", "git difftool '--extcmd=rm -rf ~'"),
    runsRm("git grep -O'rm -rf ~' foo", "git grep '-Orm -rf ~' foo"),
    runsRm("git grep --open-files-in-pager='rm -rf ~' foo", "git grep '--open-files-in-pager=rm -rf ~' foo"),
    runsRm("git archive --exec='rm -rf ~' --remote=x HEAD", "git archive '--exec=rm -rf ~' --remote=x HEAD"),
    runsRm("git archive --exec 'rm -rf ~' --remote=x HEAD"),
    runsRm("git clone -u 'rm -rf ~' x"),
    runsRm("git clone --upload-pack='rm -rf ~' x", "git clone '--upload-pack=rm -rf ~' x"),
    runsRm("git fetch --upload-pack='rm -rf ~'", "git fetch '--upload-pack=rm -rf ~'"),
    runsRm("git pull --upload-pack 'rm -rf ~' origin"),
    runsRm("git ls-remote --upload-pack='rm -rf ~' x", "git ls-remote '--upload-pack=rm -rf ~' x"),
    runsRm("git push --receive-pack='rm -rf ~' x", "git push '--receive-pack=rm -rf ~' x"),
    runsRm("git push --exec='rm -rf ~' x", "git push '--exec=rm -rf ~' x"),
    runsRm("git -c diff.external='rm -rf ~' diff", "git -c 'diff.external=rm -rf ~' diff"),
    runsRm("git -c core.editor='rm -rf ~' commit", "git -c 'core.editor=rm -rf ~' commit"),
    runsRm("git -c core.pager='rm -rf ~' log", "git -c 'core.pager=rm -rf ~' log"),
    runsRm("git -c core.sshCommand='rm -rf ~' fetch", "git -c 'core.sshCommand=rm -rf ~' fetch"),
    runsRm("git -c core.fsmonitor='rm -rf ~' status", "git -c 'core.fsmonitor=rm -rf ~' status"),
    runsRm("git -c sequence.editor='rm -rf ~' rebase -i x", "git -c 'sequence.editor=rm -rf ~' rebase -i x"),
    runsRm("git -c pager.log='rm -rf ~' log", "git -c 'pager.log=rm -rf ~' log"),
    runsRm("git -c mergetool.x.cmd='rm -rf ~' mergetool", "git -c 'mergetool.x.cmd=rm -rf ~' mergetool"),
    runsRm("git -c difftool.x.cmd='rm -rf ~' difftool", "git -c 'difftool.x.cmd=rm -rf ~' difftool"),
    runsRm("git -c uploadpack.packObjectsHook='rm -rf ~' fetch", "git -c 'uploadpack.packObjectsHook=rm -rf ~' fetch"),
    runsRm("git -c alias.x='!rm -rf ~' x", "git -c 'alias.x=!rm -rf ~' x"),
    ['git rebase -i main', ['git rebase -i main']],
    ['git rebase -X ours main', ['git rebase -X ours main']],
    ['git -c user.name=x commit', ['git -c user.name=x commit']],
    ['git -c pager.log=false log', ['git -c pager.log=false log']],
    ['git -c core.fsmonitor=true status', ['git -c core.fsmonitor=true status']],
    ['git grep -O foo', ['git grep -O foo']],
    ['git bisect start', ['git bisect start']],
    ['git submodule update --init', ['git submodule update --init']],
    ['git clone https://x/y.git', ['git clone https://x/y.git']],
    ['git push origin main', ['git push origin main']],
  ]);
});

describe('variables that hold a command, given to env or sudo', () => {
  viewTable([
    ["env EDITOR='rm -rf ~' crontab -e", ["env 'EDITOR=rm -rf ~' crontab -e", 'rm -rf ~', 'crontab -e']],
    ["env GIT_SSH_COMMAND='rm -rf ~' git fetch", ["env 'GIT_SSH_COMMAND=rm -rf ~' git fetch", 'rm -rf ~', 'git fetch']],
    [
      "sudo GIT_EXTERNAL_DIFF='rm -rf ~' git diff",
      ["sudo 'GIT_EXTERNAL_DIFF=rm -rf ~' git diff", 'rm -rf ~', 'git diff'],
    ],
    ['env LANG=C git log', ['env LANG=C git log', 'git log']],
  ]);
});

describe('prefix assignments of a command variable', () => {
  const words = (...texts: string[]) => texts.map(plainWord);
  const cases: readonly [assignments: string[], command: string[], scripts: string[]][] = [
    [['GIT_SSH_COMMAND=rm -rf ~'], ['git', 'fetch'], ['rm -rf ~']],
    [['EDITOR=rm -rf ~'], ['crontab', '-e'], ['rm -rf ~']],
    [
      ['GIT_EDITOR=rm -rf ~', 'GIT_SEQUENCE_EDITOR=rm -rf /'],
      ['git', 'commit'],
      ['rm -rf ~', 'rm -rf /'],
    ],
    [['GIT_PAGER=rm -rf ~'], ['git', 'log'], ['rm -rf ~']],
    [['VISUAL=rm -rf ~', 'PAGER=rm -rf ~'], ['x'], ['rm -rf ~', 'rm -rf ~']],
    [['MANPAGER=rm -rf ~'], ['man', 'ls'], ['rm -rf ~']],
    [['LANG=C', 'EDITOR='], ['git', 'commit'], []],
  ];
  for (const [assignments, command, scripts] of cases) {
    test(`${assignments.join(' ')} ${command.join(' ')}`, () => {
      const want = scripts.map((script) => ({ kind: 'shell', script }));
      assert.deepEqual(environmentCommands(words(...assignments)), want);
      const effects = commandEffects(words(...command), words(...assignments));
      assert.deepEqual(effects.executions.slice(0, want.length), want);
    });
  }
  test('assignments alone run nothing', () => {
    assert.deepEqual(commandEffects([], words('EDITOR=rm -rf ~')).executions, []);
  });
});

describe('other programs that run a command from an option', () => {
  viewTable([
    runsRm("split --filter='rm -rf ~' big", "split '--filter=rm -rf ~' big"),
    runsRm("split -b 1M --filter 'rm -rf ~' big"),
    runsRm(
      "tar --checkpoint=1 --checkpoint-action=exec='rm -rf ~' -cf a.tar x",
      "tar --checkpoint=1 '--checkpoint-action=exec=rm -rf ~' -cf a.tar x",
    ),
    runsRm("tar -xf a.tar --to-command='rm -rf ~'", "tar -xf a.tar '--to-command=rm -rf ~'"),
    runsRm("tar -I 'rm -rf ~' -cf a x"),
    runsRm("tar --use-compress-program='rm -rf ~' -cf a x", "tar '--use-compress-program=rm -rf ~' -cf a x"),
    runsRm("zip a.zip x -T -TT 'rm -rf ~'"),
    runsRm("zip a.zip x -T --unzip-command 'rm -rf ~'"),
    runsRm("ssh -o ProxyCommand='rm -rf ~' host", "ssh -o 'ProxyCommand=rm -rf ~' host"),
    runsRm("ssh -oProxyCommand='rm -rf ~' host", "ssh '-oProxyCommand=rm -rf ~' host"),
    runsRm("scp -o 'ProxyCommand rm -rf ~' a host:b"),
    runsRm(
      "sftp -o LocalCommand='rm -rf ~' -o PermitLocalCommand=yes host",
      "sftp -o 'LocalCommand=rm -rf ~' -o PermitLocalCommand=yes host",
    ),
    runsRm("rsync -e 'rm -rf ~' a host:b"),
    runsRm("rsync -avze 'rm -rf ~' a host:b"),
    runsRm("rsync --rsh='rm -rf ~' a host:b", "rsync '--rsh=rm -rf ~' a host:b"),
    runsRm("make --eval=$'x:\\n\\trm -rf ~'", "make '--eval=x:\n\trm -rf ~'"),
    runsRm("make --eval='x: ; rm -rf ~' x", "make '--eval=x: ; rm -rf ~' x"),
    runsRm("make -E 'all: ; @rm -rf ~'"),
    ['cmake -E rm -r -f build ~', ['cmake -E rm -r -f build ~', 'rm -rf build ~']],
    ['cmake -E rm -f x', ['cmake -E rm -f x', 'rm -f x']],
    ['cmake -E remove x y', ['cmake -E remove x y', 'rm -f x y']],
    runsRm('cmake -E remove_directory ~'),
    runsRm('cmake -E env A=1 rm -rf ~'),
    runsRm('chronic rm -rf ~'),
    runsRm('chronic -ev rm -rf ~'),
    runsRm('runuser -u bob -- rm -rf ~'),
    runsRm('runuser -u bob rm -rf ~'),
    runsRm("runuser -l bob -c 'rm -rf ~'"),
    runsRm('pkexec rm -rf ~'),
    runsRm('pkexec --user root rm -rf ~'),
    runsRm("expect -c 'spawn -noecho rm -rf $env(HOME); expect eof'"),
    ["expect -c 'spawn rm -rf /'", ["expect -c 'spawn rm -rf /'", 'rm -rf /']],
    ['find . -ok rm -rf ~ ;', ['find . -ok rm -rf ~', 'rm -rf ~']],
    ['find . -okdir rm -rf {} \\;', ["find . -okdir rm -rf {} ';'", 'rm -rf {}']],
    ['tar -czf a.tgz dist', ['tar -czf a.tgz dist']],
    ['tar -xJf a.txz', ['tar -xJf a.txz']],
    ['ssh -o StrictHostKeyChecking=no host ls', ['ssh -o StrictHostKeyChecking=no host ls', 'ls']],
    ['ssh -o ProxyCommand=none host ls', ['ssh -o ProxyCommand=none host ls', 'ls']],
    ['rsync -a src/ dst/', ['rsync -a src/ dst/']],
    ['rsync -avz -e ssh src/ host:dst/', ['rsync -avz -e ssh src/ host:dst/', 'ssh']],
    ['split -l 100 big part-', ['split -l 100 big part-']],
    ['zip -r a.zip dist', ['zip -r a.zip dist']],
    ['make -j4 all', ['make -j4 all']],
    ['cmake -E echo hi', ['cmake -E echo hi']],
    ["expect -c 'send hi'", ["expect -c 'send hi'"]],
  ]);
});

describe('a command variable given as the prefix of the command line', () => {
  viewTable([
    ["GIT_SSH_COMMAND='rm -rf ~' git fetch", ['git fetch', 'rm -rf ~']],
    ["EDITOR='rm -rf ~' crontab -e", ['crontab -e', 'rm -rf ~']],
  ]);
});
