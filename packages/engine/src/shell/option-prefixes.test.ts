import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { analyzeShell } from './analyze';
import { fullOption, OPTION_TABLE, withOptionPrefixesExpanded } from './option-prefixes';
import { plainWord } from './word';

function expanded(line: string): string | undefined {
  return withOptionPrefixesExpanded(line.split(' ').map(plainWord))
    ?.map((word) => word.text)
    .join(' ');
}

describe('abbreviated long options are written in full', () => {
  const cases: readonly [line: string, want: string | undefined][] = [
    ['rm --rec -f ~', 'rm --recursive -f ~'],
    ['rm --recur --force /etc', 'rm --recursive --force /etc'],
    ['/bin/rm --no-pres -r /', '/bin/rm --no-preserve-root -r /'],
    ['chmod --rec 000 ~', 'chmod --recursive 000 ~'],
    ['chown --rec nobody ~/.ssh', 'chown --recursive nobody ~/.ssh'],
    ['chgrp --rec x ~', 'chgrp --recursive x ~'],
    ['cp --rec --rem a b', 'cp --recursive --remove-destination a b'],
    ['rsync -a --delete-exc src/ dst/', 'rsync -a --delete-excluded src/ dst/'],
    ['shred --rem --zer x', 'shred --remove --zero x'],
    ['shred --rem=wipe x', 'shred --remove=wipe x'],
    ['truncate --si=0 x', 'truncate --size=0 x'],
    ['git reset --har HEAD~3', 'git reset --hard HEAD~3'],
    ['git clean --forc -dxq', 'git clean --force -dxq'],
    ['git checkout --forc main', 'git checkout --force main'],
    ['git -C repo -c a=b switch --disc main', 'git -C repo -c a=b switch --discard-changes main'],
    ['git push --mirr origin', 'git push --mirror origin'],
    ['git push --dele origin main', 'git push --delete origin main'],
    ['git branch --del x', 'git branch --delete x'],
    ['git stash push --include-u', 'git stash push --include-untracked'],
    ['git commit --no-ver -m x', 'git commit --no-verify -m x'],
    ['gpg --export-secret-key -a', 'gpg --export-secret-keys -a'],
    // Ambiguous, exact, too short, after `--`, other commands: unchanged.
    ['git push --forc origin', undefined],
    ['git push --force origin', undefined],
    ['cp --re a b', undefined],
    ['rm -- --rec', undefined],
    ['ls --rec', undefined],
    ['git log --forc', undefined],
    ['rm --r x', 'rm --recursive x'],
    ['rm - --', undefined],
  ];
  for (const [line, want] of cases) {
    test(line, () => assert.equal(expanded(line), want));
  }
});

describe('the views show the full option', () => {
  const cases: readonly [line: string, view: string][] = [
    ['rm --rec -f ~', 'rm --recursive -f ~'],
    ['sudo rm --recur --force /etc', 'rm --recursive --force /etc'],
    ['git reset --har HEAD~3', 'git reset --hard HEAD~3'],
    ['cd x && git clean --forc -dxq', 'git clean --force -dxq'],
  ];
  for (const [line, view] of cases) {
    test(line, () => {
      const { commands, truncated } = analyzeShell(line);
      assert.ok(commands.includes(view), JSON.stringify(commands));
      assert.equal(truncated, false);
    });
  }
});

describe('property: any unambiguous prefix of a known option reads as the option', () => {
  const entries = Object.entries(OPTION_TABLE).flatMap(([command, options]) =>
    options.map((option) => [command, options, option] as const),
  );
  test('prefix → full option', () => {
    fc.assert(
      fc.property(fc.constantFrom(...entries), fc.nat(), ([command, options, option], cut) => {
        const length = 3 + (cut % Math.max(1, option.length - 2));
        const prefix = option.slice(0, length);
        const unique = options.filter((each) => each.startsWith(prefix)).length === 1;
        fc.pre(unique && prefix !== option);
        assert.equal(fullOption(options, prefix), option);
        const line = `${command} ${prefix} x`;
        assert.ok(analyzeShell(line).commands.includes(`${command} ${option} x`), line);
      }),
      { numRuns: 300 },
    );
  });
});
