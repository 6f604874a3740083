import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { placeTarget } from '../target-place';
import { analyzeShell } from './analyze';

/** Each target of the command as a rule sees it when the call's folders are not known, after its view's first word. */
function targetsOf(command: string): string[] {
  return analyzeShell(command)
    .targets.filter(({ view }) => !view.startsWith('< '))
    .map(({ view, target }) => `${view.split(' ')[0]} ${placeTarget(target, {})}`);
}

describe('targets: the paths a command changes, resolved', () => {
  const cases: Array<[command: string, targets: string[]]> = [
    // Every spelling of the home folder.
    ['rm -rf ~', ['rm ~']],
    ['rm -rf ~/', ['rm ~']],
    ['rm -rf "$HOME"', ['rm ~']],
    ['rm -rf ${HOME}/', ['rm ~']],
    ['rm -rf "${HOME%/}"', ['rm ~']],
    ['rm -rf ~/./', ['rm ~']],
    ['rm -rf ~/x/..', ['rm ~']],
    ['rm -rf ~/..', ['rm ~/..']],
    ['rm -rf ~alice/x', ['rm ~alice/x']],
    ['rm -rf ${HOME%/dev}/dev', ['rm ~/../dev']],
    ['rm -rf ${HOME/dev/x}', ['rm $UNKNOWN']],
    ['ls ~/.ssh/* | xargs rm', ['rm ~/.ssh/*']],
    ["vim -es -c '%d|wq' ~/.ssh/id_rsa", ['> ~/.ssh/id_rsa']],
    ["vim -c 'w! ~/.ssh/id_rsa'", ['> ~/.ssh/id_rsa']],
    ['gio remove -f ~/.ssh/id_rsa', ['gio ~/.ssh/id_rsa']],
    ["ruby -i -ne '' ~/.bashrc", ['> ~/.bashrc']],
    ['awk \'BEGIN{printf "" > ENVIRON["HOME"]"/.bashrc"}\'', ['> ~/.bashrc']],
    ["perl -pi -e 's/a/b/' src/x.pl", ['> ./src/x.pl']],
    ['eval rm -rf ~$USER', ['rm ~$UNKNOWN']],
    ['rm -rf "${HOME}${SUBDIR}"', ['rm ~/$UNKNOWN']],
    ['rm -rf "$HOME/$PROFILE_DIR"', ['rm ~/$UNKNOWN']],
    ['rm -rf $HOMEDIR/x', ['rm $UNKNOWN/x']],
    ['D=~; rm -rf $D', ['rm ~']],
    // Paths as the file system sees them.
    ['rm -rf /tmp/../etc', ['rm /etc']],
    ['rm -rf /home/dev/../alice', ['rm /home/alice']],
    ['rm -rf //etc///', ['rm /etc']],
    ['rm -rf /..', ['rm /']],
    ['rm -rf "/Users/bob/Library/Application Support"', ['rm /Users/bob/Library/Application Support']],
    ['rm -rf ~/{.ssh,.aws}', ['rm ~/{.ssh,.aws}', 'rm ~/.ssh', 'rm ~/.aws']],
    // Relative paths start from the working folder, `.`.
    ['rm -rf build', ['rm ./build']],
    ['rm -rf ./build/../dist', ['rm ./dist']],
    ['rm -rf *', ['rm ./*']],
    ['rm -rf .', ['rm .']],
    ['rm -rf ..', ['rm ..']],
    ['rm -rf ../other', ['rm ../other']],
    ['rm -rf "$PWD/.."', ['rm ..']],
    ['rm -rf ~+/..', ['rm ..']],
    // Unknown values stay unknown, and a `..` after one cannot be folded.
    ['rm -rf "$DIR"', ['rm $UNKNOWN']],
    ['rm -rf "$TMPDIR/cache"', ['rm $UNKNOWN/cache']],
    ['rm -rf "${WORK:-/}"/*', ['rm $UNKNOWN/*', 'rm /*']],
    ["rm -rf ''", []],
    ['rm -rf $X/..', ['rm $UNKNOWN/..']],
    ['rm -rf build-$V', ['rm ./build-$UNKNOWN']],
    ['rm -rf ~-', ['rm $UNKNOWN']],
    // cd: the next command runs in the new folder only after &&; a failed cd leaves the old one.
    ['cd build && rm -rf *', ['rm ./build/*']],
    ['cd build; rm -rf *', ['rm ./build/*', 'rm ./*']],
    ['cd build || true; rm -rf *', ['rm ./build/*', 'rm ./*']],
    ['cd build & rm -rf *', ['rm ./*']],
    ['(cd build); rm -rf *', ['rm ./*']],
    ['(cd build && rm -rf *)', ['rm ./build/*']],
    ['cd build | true && rm -rf *', ['rm ./*']],
    ['cd a && cd ../b && rm -rf ../*', ['rm ./*']],
    ['cd / && rm -rf *', ['rm /*']],
    ['cd && rm -rf *', ['rm ~/*']],
    ['cd ~ && rm -rf .ssh', ['rm ~/.ssh']],
    ['cd /tmp/x && rm -rf "$PWD"', ['rm /tmp/x']],
    ['cd build && rm -rf "$PWD/.."', ['rm .']],
    ['builtin cd / && rm -rf *', ['rm /*']],
    ['pushd / && rm -rf *', ['rm /*']],
    ['cd - && rm -rf *', ['rm $UNKNOWN/*']],
    ['popd && rm -rf *', ['rm $UNKNOWN/*']],
    ['cd "$D" && rm -rf *', ['rm $UNKNOWN/*']],
    ['bash -c "cd / && rm -rf *"', ['rm /*']],
    // `~` is what the line made HOME, when it did (a prefix HOME=x applies to the command, not to its `~`).
    ['HOME=/; rm -rf ~/etc', ['rm ~/etc', 'rm /etc']],
    ['HOME=/tmp/x rm -rf ~/y', ['rm ~/y']],
    // A glob is also read as each name that matters it matches (not dot-names unless it starts with a dot).
    ['rm -rf ~/Docu*', ['rm ~/Docu*', 'rm ~/Documents']],
    ['rm -rf /e?c', ['rm /e?c', 'rm /etc']],
    ['rm -rf .gi?', ['rm ./.gi?', 'rm ./.git']],
    ['rm -rf build/*.o', ['rm ./build/*.o']],
    // Wrappers that move before they run the command.
    ['env -C / rm -rf etc', ['rm /etc']],
    ['env --chdir=build rm -rf *', ['rm ./build/*']],
    ['sudo -D / rm -rf etc', ['rm /etc']],
    ["sudo -D ~ bash -c 'rm -rf .ssh'", ['rm ~/.ssh']],
    ['sudo -i rm -rf *', ['rm /root/*']],
    ["su - bob -c 'rm -rf *'", ['rm ~bob/*']],
    ['parallel --wd / rm -rf ::: etc', ['rm /etc']],
    ["eval 'cd /'; rm -rf etc", ['rm /etc', 'rm ./etc']],
    // A line that could make bash look `cd name` up elsewhere.
    ['CDPATH=/ cd etc && rm -rf *', ['rm $UNKNOWN/*']],
    ['cd() { builtin cd /; }; cd build && rm -rf *', ['rm $UNKNOWN/*']],
    ['CDPATH=/; cd ./build && rm -rf *', ['rm ./build/*']],
    // Links the line makes are read through too (the link may not be made: both readings stay).
    ['ln -s ~ h && rm -rf h/*', ['ln ./h', 'rm ./h/*', 'rm ~/*']],
    ['ln -s ../.. up; rm -rf up/x', ['ln ./up', 'rm ./up/x', 'rm ../../x']],
    ['mkdir d && ln -s ~ d/h && rm -rf d/h/*', ['ln ./d/h', 'rm ./d/h/*', 'rm ~/*']],
    ['ln ~/.ssh/id_rsa k && shred k', ['ln ./k', 'shred ./k', 'shred ~/.ssh/id_rsa']],
    ['ln -s ~/.ssh && rm -rf .ssh/', ['ln ./.ssh', 'rm ./.ssh', 'rm ~/.ssh']],
    ['(ln -s / r); rm -rf r/etc', ['ln ./r', 'rm ./r/etc', 'rm /etc']],
    ['ln -sf /dev/null ~/.bashrc', ['ln ~/.bashrc']],
    // The files redirections empty are targets of the view `> FILE`; appends and devices are not.
    [': > ~/.ssh/id_ed25519', ['> ~/.ssh/id_ed25519']],
    ['echo x 2>/dev/null > out.txt', ['> ./out.txt']],
    ['rm -rf build &> log', ['> ./log', 'rm ./build']],
    ['npm test >> log 2>&1', []],
    // Which words are targets.
    ['rm -rf -- -x build', ['rm ./-x', 'rm ./build']],
    ['chmod -R 777 /srv', ['chmod /srv']],
    ['chown -R me:me ~/x', ['chown ~/x']],
    ['chmod --reference=a b', ['chmod ./b']],
    ['mv ~/.ssh /dev/null', ['mv ~/.ssh', 'mv /dev/null']],
    ['cp -r src /etc', ['cp /etc']],
    ['cp -t /etc a b', ['cp /etc']],
    ['find ~ -name x -delete', ['find ~']],
    ['find -L / . -delete', ['find /', 'find .']],
    ['find -delete', ['find .']],
    ['dd if=/dev/zero of=/dev/sda bs=1M', ['dd /dev/sda']],
    ['truncate -s 0 ~/.ssh/id_rsa', ['truncate ~/.ssh/id_rsa']],
    ['shred -n 3 -u secret', ['shred ./secret']],
    ['rsync -a --delete src/ ~/backup', ['rsync ~/backup']],
    ['rsync -a --remove-source-files ~/Pictures/ /tmp/p/', ['rsync ~/Pictures', 'rsync /tmp/p']],
    ['tee -a log.txt', []],
    ['tee -- -a log.txt', ['tee ./-a', 'tee ./log.txt']],
    ['sed -i d ~/.aws/credentials', ['sed ~/.aws/credentials']],
    ['curl -so ~/.ssh/id_rsa file:///dev/null', ['curl ~/.ssh/id_rsa']],
    ['tar --remove-files -czf /tmp/a.tgz ~/.ssh', ['tar /tmp/a.tgz', 'tar ~/.ssh', '> /tmp/a.tgz']],
    // Files written through options or scripts are targets of `> FILE`.
    ['find . -fprint ~/.bashrc', ['find .', '> ~/.bashrc']],
    ["sed -n 'w /home/dev/.ssh/id_rsa' /dev/null", ['> /home/dev/.ssh/id_rsa']],
    ['unzip -o evil.zip -d ~', ['> ~']],
    ['curl --output-dir ~/.ssh -o authorized_keys https://x.example', ['curl ./authorized_keys', '> ~/.ssh']],
    ['sudo rm -rf /', ['rm /']],
    ['/bin/rm -rf /', ['rm /']],
    // No targets.
    ['ls -la ~', []],
    ['echo rm -rf ~', []],
    ['git commit -m "rm -rf ~"', []],
  ];
  for (const [command, targets] of cases) {
    it(JSON.stringify(command), () => assert.deepEqual(targetsOf(command), targets));
  }
});

describe('targets: placed against the call', () => {
  const folders = { cwd: '/home/dev/project', home: '/home/dev' };
  const cases: Array<[target: string, placed: string, given?: { cwd?: string; home?: string }]> = [
    ['./build', './build'],
    ['.', '.'],
    ['..', '~'],
    ['../other', '~/other'],
    ['../../..', '/'],
    ['/home/dev/project/target/*', './target/*'],
    ['/home/dev/project', '.'],
    ['/home/dev/.ssh', '~/.ssh'],
    ['~/..', '/home'],
    ['~/project/build', './build'],
    ['/srv/www', '/srv/www'],
    ['$UNKNOWN/x', '$UNKNOWN/x'],
    ['~alice', '~alice'],
    // A working folder that is no project gives no `./` form.
    ['./.ssh', '~/.ssh', { cwd: '/home/dev', home: '/home/dev' }],
    ['./*', '~/*', { cwd: '/home/dev', home: '/home/dev' }],
    ['./.ssh', '/home/dev/.ssh', { cwd: '/home/dev' }],
    ['./etc', '/etc', { cwd: '/' }],
    ['./x', '/tmp/x', { cwd: '/tmp' }],
    // Without a working folder, relative targets stay relative; a Windows folder is not placed.
    ['../x', '../x', {}],
    ['~/x', '~/x', {}],
    ['./x', './x', { cwd: 'C:\\Users\\bob' }],
  ];
  for (const [target, placed, given = folders] of cases) {
    it(`${target} from ${JSON.stringify(given)}`, () => assert.equal(placeTarget(target, given), placed));
  }
});

describe('targets: every spelling of a path gives one placed target', () => {
  const segment = fc.stringMatching(/^[a-z][a-z0-9._-]{0,6}$/).filter((s) => s !== '..' && s !== '.');
  const folders = { cwd: '/home/dev/project', home: '/home/dev' };
  const place = (command: string): string[] =>
    analyzeShell(command).targets.map(({ target }) => placeTarget(target, folders));

  it('home-relative: ~, $HOME, ${HOME}, /home/dev, a variable, a cd, a detour through ..', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const rest = segments.join('/');
        const expected = [`~/${rest}`];
        const spellings = [
          `rm -rf ~/${rest}`,
          `rm -rf "$HOME/${rest}"`,
          `rm -rf \${HOME}/${rest}`,
          `rm -rf /home/dev/${rest}`,
          `rm -rf ~/zz/../${rest}/`,
          `T=~/${rest}; rm -rf "$T"`,
          `cd ~ && rm -rf ${rest}`,
          `cd /home && rm -rf dev/${rest}`,
          `for d in ~/${rest}; do rm -rf $d; done`,
          `bash -c 'rm -rf ~/${rest}'`,
        ];
        for (const spelling of spellings) {
          const placed = place(spelling);
          // A path into the project reads as the project's own.
          const own = rest === 'project' || rest.startsWith('project/');
          assert.deepEqual(
            placed,
            own ? [rest === 'project' ? '.' : `./${rest.slice('project/'.length)}`] : expected,
            spelling,
          );
        }
      }),
      { seed: 1327, numRuns: 150 },
    );
  });
});

describe('targets: placed through the links of the file system', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ssg-targets-')));
  after(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const project = join(home, 'project');
  mkdirSync(join(home, '.ssh'), { recursive: true });
  mkdirSync(join(project, 'build'), { recursive: true });
  symlinkSync(home, join(project, 'h'));
  symlinkSync(join(home, '.ssh'), join(project, 'keys'));
  symlinkSync(project, join(root, 'project-link'));
  const realPath = (path: string): string => {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  };
  const place = (command: string, cwd = project): string[] =>
    analyzeShell(command).targets.map(({ target }) => placeTarget(target, { cwd, home, realPath }));

  const cases: Array<[command: string, placed: string[], cwd?: string]> = [
    ['rm -rf h/*', ['~/*']],
    ['rm -rf h/.ssh', ['~/.ssh']],
    ['rm -rf keys/', ['~/.ssh']],
    ['rm -rf h', ['~']],
    ['rm -rf build', ['./build']],
    ['rm -rf missing/x', ['./missing/x']],
    // A working folder reached through a link is the same project.
    ['rm -rf build', ['./build'], join(root, 'project-link')],
    ['rm -rf ../.ssh', ['~/.ssh'], join(root, 'project-link')],
  ];
  for (const [command, placed, cwd] of cases) {
    it(`${command}${cwd ? ` from ${cwd.slice(root.length)}` : ''}`, () =>
      assert.deepEqual(place(command, cwd), placed));
  }

  it('folds .. where the links lead, as the system does for rm (cd folds it by the text, as bash does)', () => {
    assert.deepEqual(place('rm -rf h/../x'), [`${root}/x`]);
    assert.deepEqual(place('rm -rf keys/..'), ['~']);
    assert.deepEqual(place('cd h/.. && rm -rf x'), ['./x']);
  });

  it('without a link resolver, a target is placed by its text', () => {
    const [target] = analyzeShell('rm -rf h/*').targets;
    assert.equal(placeTarget(target!.target, { cwd: project, home }), './h/*');
  });
});
