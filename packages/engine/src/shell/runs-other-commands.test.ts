// What commands that run another command show: the wrapped command, shell strings, stdin and process
// substitutions read as a script (wrappers.ts, executions.ts, shells.ts).
import { describe } from 'node:test';
import { viewTable } from './view-table.testing';

describe('commands that run another command', () => {
  viewTable([
    ['taskset 1 rm -rf ~', ['taskset 1 rm -rf ~', 'rm -rf ~']],
    ['taskset -c 0 rm -rf ~', ['taskset -c 0 rm -rf ~', 'rm -rf ~']],
    ['taskset -p 1 2', ['taskset -p 1 2']],
    ['chrt -i 0 rm -rf ~', ['chrt -i 0 rm -rf ~', 'rm -rf ~']],
    ['chrt -p 1 2', ['chrt -p 1 2']],
    ['strace -f -o /tmp/x rm -rf ~', ['strace -f -o /tmp/x rm -rf ~', 'rm -rf ~']],
    ['ltrace -o log rm -rf ~', ['ltrace -o log rm -rf ~', 'rm -rf ~']],
    ['fakeroot -- rm -rf ~', ['fakeroot -- rm -rf ~', 'rm -rf ~']],
    ['unshare -U -r rm -rf ~', ['unshare -U -r rm -rf ~', 'rm -rf ~']],
    ['setpriv --reuid=1000 --regid 1000 rm -rf ~', ['setpriv --reuid=1000 --regid 1000 rm -rf ~', 'rm -rf ~']],
    ['runcon -t x rm -rf ~', ['runcon -t x rm -rf ~', 'rm -rf ~']],
    ['runcon ctx rm -rf ~', ['runcon ctx rm -rf ~', 'rm -rf ~']],
    ['nsenter -t 1 -m rm -rf ~', ['nsenter -t 1 -m rm -rf ~', 'rm -rf ~']],
    ['catchsegv rm -rf ~', ['catchsegv rm -rf ~', 'rm -rf ~']],
    ['valgrind -q --tool=x rm -rf ~', ['valgrind -q --tool=x rm -rf ~', 'rm -rf ~']],
    ['dbus-run-session -- rm -rf ~', ['dbus-run-session -- rm -rf ~', 'rm -rf ~']],
    ['flatpak-spawn --host rm -rf ~', ['flatpak-spawn --host rm -rf ~', 'rm -rf ~']],
    ['systemd-run --user -p X=1 --scope rm -rf ~', ['systemd-run --user -p X=1 --scope rm -rf ~', 'rm -rf ~']],
    ['chroot /mnt rm -rf /x', ['chroot /mnt rm -rf /x', 'rm -rf /x']],
    ['uv run --with x rm -rf ~', ['uv run --with x rm -rf ~', 'rm -rf ~']],
    ['uvx ruff check', ['uvx ruff check', 'ruff check']],
    ['poetry run rm -rf ~', ['poetry run rm -rf ~', 'rm -rf ~']],
    ['pdm run rm -rf ~', ['pdm run rm -rf ~', 'rm -rf ~']],
    ['pipenv run rm -rf ~', ['pipenv run rm -rf ~', 'rm -rf ~']],
    ['conda run -n base rm -rf ~', ['conda run -n base rm -rf ~', 'rm -rf ~']],
    ['mamba run rm -rf ~', ['mamba run rm -rf ~', 'rm -rf ~']],
    ['bundle exec rm -rf ~', ['bundle exec rm -rf ~', 'rm -rf ~']],
    ['direnv exec . rm -rf ~', ['direnv exec . rm -rf ~', 'rm -rf ~']],
    ['mise exec -- rm -rf ~', ['mise exec -- rm -rf ~', 'rm -rf ~']],
    ['mise exec node@20 -- rm -rf ~', ['mise exec node@20 -- rm -rf ~', 'rm -rf ~']],
    ["mise x -c 'rm -rf ~'", ["mise x -c 'rm -rf ~'", 'rm -rf ~']],
    ['asdf exec rm -rf ~', ['asdf exec rm -rf ~', 'rm -rf ~']],
    ['cross-env A=1 rm -rf ~', ['cross-env A=1 rm -rf ~', 'rm -rf ~']],
    ['dotenv -e .env -- rm -rf ~', ['dotenv -e .env -- rm -rf ~', 'rm -rf ~']],
    ['pipx run --spec x rm -rf ~', ['pipx run --spec x rm -rf ~', 'rm -rf ~']],
    ['xvfb-run -a rm -rf ~', ['xvfb-run -a rm -rf ~', 'rm -rf ~']],
    ['firejail --noprofile rm -rf ~', ['firejail --noprofile rm -rf ~', 'rm -rf ~']],
    ["sg grp -c 'rm -rf ~'", ["sg grp -c 'rm -rf ~'", 'rm -rf ~']],
    ["sg grp 'rm -rf ~'", ["sg grp 'rm -rf ~'", 'rm -rf ~']],
    ["tmux new -d -s x 'rm -rf ~'", ["tmux new -d -s x 'rm -rf ~'", 'rm -rf ~']],
    ["tmux new-session 'rm -rf ~'", ["tmux new-session 'rm -rf ~'", 'rm -rf ~']],
    ["tmux -L s split-window -h 'rm -rf ~'", ["tmux -L s split-window -h 'rm -rf ~'", 'rm -rf ~']],
    ['tmux ls', ['tmux ls']],
    ['screen -dm rm -rf ~', ['screen -dm rm -rf ~', 'rm -rf ~']],
    ["screen -dmS x bash -c 'rm -rf ~'", ["screen -dmS x bash -c 'rm -rf ~'", "bash -c 'rm -rf ~'", 'rm -rf ~']],
    ['screen -X quit', ['screen -X quit']],
    ["gdb -batch -ex 'shell rm -rf ~'", ["gdb -batch -ex 'shell rm -rf ~'", 'rm -rf ~']],
    ["gdb -ex '!rm -rf ~' -ex run", ["gdb -ex '!rm -rf ~' -ex run", 'rm -rf ~']],
    ["sqlite3 db '.shell rm -rf ~'", ["sqlite3 db '.shell rm -rf ~'", 'rm -rf ~']],
    ["sqlite3 db -cmd '.system rm -rf ~' 'select 1'", ["sqlite3 db -cmd '.system rm -rf ~' 'select 1'", 'rm -rf ~']],
    ["sqlite3 db 'select 1'", ["sqlite3 db 'select 1'"]],
    ['watch -n 1 rm -rf ~', ['watch -n 1 rm -rf ~', 'rm -rf ~']],
    ["trap 'rm -rf ~' EXIT", ["trap 'rm -rf ~' EXIT", 'rm -rf ~']],
    ["trap -- 'rm -rf ~' ERR INT", ["trap -- 'rm -rf ~' ERR INT", 'rm -rf ~']],
    ['trap - INT', ['trap - INT']],
    ["trap '' INT", ["trap '' INT"]],
    ['trap -p', ['trap -p']],
    ["bash /dev/stdin <<< 'rm -rf ~'", ["bash /dev/stdin <<< 'rm -rf ~'", 'rm -rf ~']],
    ["sh /dev/fd/0 <<< 'rm -rf ~'", ["sh /dev/fd/0 <<< 'rm -rf ~'", 'rm -rf ~']],
    ["source /dev/stdin <<< 'rm -rf ~'", ["source /dev/stdin <<< 'rm -rf ~'", 'rm -rf ~']],
    [". /dev/stdin <<< 'rm -rf ~'", [". /dev/stdin <<< 'rm -rf ~'", 'rm -rf ~']],
    [
      "echo 'rm -rf ~' | bash /dev/stdin",
      ["echo 'rm -rf ~'", 'bash /dev/stdin', 'rm -rf ~', "echo 'rm -rf ~' | bash /dev/stdin"],
    ],
    ["bash <(echo 'rm -rf ~')", ["echo 'rm -rf ~'", "bash '<(echo '\\''rm -rf ~'\\'')'", 'rm -rf ~']],
    [". <(echo 'cd ~')", ["echo 'cd ~'", ". '<(echo '\\''cd ~'\\'')'", 'cd ~']],
    ["source <(printf 'rm -rf ~')", ["printf 'rm -rf ~'", "source '<(printf '\\''rm -rf ~'\\'')'", 'rm -rf ~']],
  ]);
});

describe('files the line wrote, copied and printed into a shell', () => {
  viewTable([
    [
      "echo 'rm -rf ~' > x.sh; cp x.sh y.sh; bash y.sh",
      ["echo 'rm -rf ~' > x.sh", 'cp x.sh y.sh', 'bash y.sh', 'rm -rf ~'],
    ],
    [
      "echo 'rm -rf ~' > x.sh; mv x.sh /tmp/; sh /tmp/x.sh",
      ["echo 'rm -rf ~' > x.sh", 'mv x.sh /tmp/', 'sh /tmp/x.sh', 'rm -rf ~'],
    ],
    [
      "echo 'rm -rf ~' > x.sh; cp -f ./x.sh y.sh && . y.sh",
      ["echo 'rm -rf ~' > x.sh", 'cp -f ./x.sh y.sh', '. y.sh', 'rm -rf ~'],
    ],
    [
      "echo 'rm -rf ~' > x.txt; cat x.txt | sh",
      ["echo 'rm -rf ~' > x.txt", 'cat x.txt', 'sh', 'rm -rf ~', 'cat x.txt | sh'],
    ],
    [
      "printf 'rm -rf ~\\n' > a; echo ls > b; cat a b | bash",
      ["printf 'rm -rf ~\\n' > a", 'echo ls > b', 'cat a b', 'bash', 'rm -rf ~', 'ls', 'cat a b | bash'],
    ],
    ["echo 'rm -rf ~' > x.txt; bash < x.txt", ["echo 'rm -rf ~' > x.txt", 'bash < x.txt', 'rm -rf ~']],
    ["echo 'rm -rf ~' > x.txt; cat y.txt | sh", ["echo 'rm -rf ~' > x.txt", 'cat y.txt', 'sh', 'cat y.txt | sh']],
    ['cat x.txt | sh', ['cat x.txt', 'sh', 'cat x.txt | sh']],
    ['cp a.sh b.sh; bash b.sh', ['cp a.sh b.sh', 'bash b.sh']],
  ]);
});

describe('aliases, once the line enables expand_aliases', () => {
  viewTable([
    ["alias z='rm -rf'; z ~", ["alias 'z=rm -rf'", 'z ~']],
    [
      "shopt -s expand_aliases; alias ls='ls --color'; ls x",
      ['shopt -s expand_aliases', "alias 'ls=ls --color'", 'ls x', 'ls --color x'],
    ],
    ['shopt -s expand_aliases; alias a=b b=a; a ~', ['shopt -s expand_aliases', 'alias a=b b=a', 'a ~', 'b ~']],
    [
      "shopt -s expand_aliases\nalias z='rm -rf' y='z /'\ny; z ~/.ssh",
      ['shopt -s expand_aliases', "alias 'z=rm -rf' 'y=z /'", 'y', 'z /', 'rm -rf /', 'z ~/.ssh', 'rm -rf ~/.ssh'],
    ],
    [
      "alias z='rm -rf'; shopt -s expand_aliases; sudo z ~",
      ["alias 'z=rm -rf'", 'shopt -s expand_aliases', 'sudo z ~', 'z ~'],
    ],
  ]);
});
