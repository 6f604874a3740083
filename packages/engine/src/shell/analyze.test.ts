import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeShell, type ShellAnalysis } from './analyze';
import { MAX_NESTED_CODE, MAX_VIEW_TEXT, MAX_VIEWS, MAX_WORK, MAX_WRAPPERS, type Truncation } from './limits';
import { testName, viewTable } from './view-table.testing';

describe('lists and pipelines', () => {
  viewTable([
    ['ls -la', ['ls -la']],
    ['a; b && c || d', ['a', 'b', 'c', 'd']],
    ['a | b |& c', ['a', 'b', 'c', 'a | b |& c', 'b |& c']],
    ['a & b &', ['a', 'b']],
    ['a\nb\r\nc\n', ['a', 'b', 'c']],
    ['! rm x', ['rm x']],
    ['{ rm a; rm b; }', ['rm a', 'rm b']],
    ['(cd /tmp && rm -rf x)', ['cd /tmp', 'rm -rf x']],
    ['((rm a); rm b)', ['rm a', 'rm b']],
    ['rm \\\n  -rf /', ['rm -rf /']],
    ['ls # rm -rf /', ['ls']],
    ['# rm -rf /', []],
    ['echo a#b', ["echo 'a#b'"]],
    ['rm x; rm x; rm x', ['rm x']],
    ['', []],
    ['  \t ', []],
    [';;; & ;', []],
  ]);
});

describe('compound commands', () => {
  viewTable([
    [
      'if [ -f x ]; then rm x; elif test -d x; then rmdir x; else echo no; fi',
      ['[ -f x ]', 'rm x', 'test -d x', 'rmdir x', 'echo no'],
    ],
    ['while true; do rm x; done', ['true', 'rm x']],
    ['until false; do :; done', ['false', ':']],
    ['for f in *.log; do rm "$f"; done', ['rm *.log']],
    ['for f in $(ls /tmp); do rm $f; done', ['ls /tmp', 'rm $f']],
    ['for ((i = 0; i < 3; i++)); do rm $i; done', ['rm $i']],
    ['for x do echo $x; done', ['echo $x']],
    ['select x in a b; do rm $x; done', ['rm $x']],
    [
      'case "$1" in start) rm -rf /tmp/a;; (stop|halt) kill 1 ;& *) echo "?";;& esac; echo after',
      ['rm -rf /tmp/a', 'kill 1', "echo '?'", 'echo after'],
    ],
    ['case $x in\n  a)\n    rm a\n    ;;\nesac', ['rm a']],
    ['echo $(case x in a) rm a;; esac) done', ['rm a', "echo '$(case x in a) rm a;; esac)' done"]],
    ['case x in a) case y in b) rm b;; esac;; c) rm c;; esac', ['rm b', 'rm c']],
    ['f() { rm -rf /; }; f', ['rm -rf /', 'f']],
    ['f () { rm -rf /; }', ['rm -rf /']],
    ['function g { rm x; }', ['rm x']],
    ['function h() ( rm y )', ['rm y']],
    ['[[ -f x && -n $(rm -rf /) ]] && rm z', ['rm -rf /', 'rm z']],
    ['[[ $a < $b || ( -z $c ) ]]; rm d', ['rm d']],
    ['(( $(rm -rf /) > 1 ))', ['rm -rf /']],
    ['((i++)); echo $i', ['echo $i']],
    ['"if" x', ['if x']],
    ['echo if then fi done', ['echo if then fi done']],
    ['coproc rm x', ['rm x']],
    // `coproc NAME compound-command`: the word before a compound command names the coprocess (any word will do).
    ['coproc NAME { rm -rf /; }', ['rm -rf /']],
    ["coproc 'N' { rm x; }", ['rm x']],
    ['coproc N ( rm x )', ['rm x']],
    ['coproc N if rm x; then rm y; fi', ['rm x', 'rm y']],
    ['coproc N while rm x; do break; done', ['rm x', 'break']],
    ['coproc N for d in /; do rm -rf $d; done', ['rm -rf /']],
    ['coproc cat <<EOF\nx\nEOF', ['cat <<EOF']],
    ['time { rm x; rm y; }', ['rm x', 'rm y']],
    ['time -p (rm x)', ['rm x']],
    ['time() { rm x; }', ['rm x']],
  ]);
});

describe('command and process substitution', () => {
  viewTable([
    ['echo $(rm -rf /)', ['rm -rf /', "echo '$(rm -rf /)'"]],
    ['echo `rm -rf /`', ['rm -rf /', "echo '`rm -rf /`'"]],
    ['echo "x $(rm -rf /) y"', ['rm -rf /', "echo 'x $(rm -rf /) y'"]],
    ['echo "`rm -rf /`"', ['rm -rf /', "echo '`rm -rf /`'"]],
    ['X=$(rm -rf /)', ['rm -rf /']],
    ['X="$(rm -rf /)" Y=`id`', ['rm -rf /', 'id']],
    ['ls --color=$(rm x)', ['rm x', "ls '--color=$(rm x)'"]],
    ['echo $(echo $(rm -rf /))', ['rm -rf /', "echo '$(rm -rf /)'", "echo '$(echo $(rm -rf /))'"]],
    ['echo `echo \\`rm -rf /\\``', ['rm -rf /', "echo '`rm -rf /`'", "echo '`echo \\`rm -rf /\\``'"]],
    ['$(rm -rf /)', ['rm -rf /', "'$(rm -rf /)'"]],
    ['diff <(rm a) >(rm b)', ['rm a', 'rm b', "diff '<(rm a)' '>(rm b)'"]],
    ['cat < <(rm x)', ['rm x', "cat < '<(rm x)'"]],
    ['echo ${X:-$(rm -rf /)}', ['rm -rf /', "echo '${X:-$(rm -rf /)}'"]],
    ['echo "${X:-"$(rm -rf /)"}"', ['rm -rf /', `echo '\${X:-"$(rm -rf /)"}'`]],
    ['echo $(( $(rm x) + 1 ))', ['rm x', "echo '$(( $(rm x) + 1 ))'"]],
    ['echo $((rm x) )', ['rm x', "echo '$((rm x) )'"]],
    ['echo $( (rm x) )', ['rm x', "echo '$( (rm x) )'"]],
    ['echo hi > $(rm x)', ['rm x', "echo hi > '$(rm x)'"]],
    ['arr=(a $(rm x) "b c")', ['rm x']],
    ['x=$(cat <<EOF\nrm -rf /\nEOF\n); echo "$x"', ['cat <<EOF', 'echo $x']],
    ['echo $(ls\nrm x)', ['ls', 'rm x', "echo '$(ls\nrm x)'"]],
    // Not executed: single quotes, escaped in double quotes, quoted heredoc bodies.
    ["echo '$(rm -rf /)' '`rm -rf /`'", ["echo '$(rm -rf /)' '`rm -rf /`'"]],
    ['echo "\\$(rm -rf /)" "\\`id\\`"', ["echo '$(rm -rf /)' '`id`'"]],
    ["cat <<'EOF'\n$(rm -rf /)\nEOF", ['cat <<EOF']],
  ]);
});

describe('double-quoted strings', () => {
  viewTable([
    ['echo "a\\"b\\\\c\\$d\\`e\\\nf\\g"', ["echo 'a\"b\\c$d`ef\\g'"]],
    ['echo "x$y z"', ["echo 'x$y z'"]],
    ['echo "a\\"$(rm x)\\"b"', ['rm x', `echo 'a"$(rm x)"b'`]],
    ['echo "unterminated \\"', [`echo 'unterminated "'`]],
    ['echo "trailing\\', ["echo 'trailing\\'"]],
    ['echo ""x', ['echo x']],
  ]);
});

describe('shell strings', () => {
  viewTable([
    ['bash -c "rm -rf /"', ["bash -c 'rm -rf /'", 'rm -rf /']],
    ["sh -c 'rm -rf /'", ["sh -c 'rm -rf /'", 'rm -rf /']],
    [
      "zsh -c 'rm x'; dash -c 'rm y'; ksh -c 'rm z'",
      ["zsh -c 'rm x'", 'rm x', "dash -c 'rm y'", 'rm y', "ksh -c 'rm z'", 'rm z'],
    ],
    ["bash -lc 'rm -rf /'", ["bash -lc 'rm -rf /'", 'rm -rf /']],
    ["bash -x -c 'rm -rf /'", ["bash -x -c 'rm -rf /'", 'rm -rf /']],
    ["bash -o pipefail -e -c 'rm -rf /'", ["bash -o pipefail -e -c 'rm -rf /'", 'rm -rf /']],
    ["bash --norc -c -- 'rm x'", ["bash --norc -c -- 'rm x'", 'rm x']],
    ['/bin/bash -c "rm x"', ["bash -c 'rm x'", 'rm x']],
    // The words after the code are its $0, $1, …
    ['bash -c \'rm "$1"\' _ /', [`bash -c 'rm "$1"' _ /`, 'rm /']],
    ['bash -c "sh -c \'rm -rf /\'"', [`bash -c 'sh -c '\\''rm -rf /'\\'''`, "sh -c 'rm -rf /'", 'rm -rf /']],
    ["bash -c 'echo $(rm -rf /)'", ["bash -c 'echo $(rm -rf /)'", 'rm -rf /', "echo '$(rm -rf /)'"]],
    ["fish -c 'rm x'", ["fish -c 'rm x'", 'rm x']],
    ['eval "rm -rf /"', ["eval 'rm -rf /'", 'rm -rf /']],
    ['eval rm -rf /', ['eval rm -rf /', 'rm -rf /']],
    ["eval 'a=1; rm x'", ["eval 'a=1; rm x'", 'rm x']],
    ['eval -- "rm x"', ["eval -- 'rm x'", 'rm x']],
    ["su -c 'rm x' root", ["su -c 'rm x' root", 'rm x']],
    ['su - root -c "rm -rf /"', ["su - root -c 'rm -rf /'", 'rm -rf /']],
    ["runuser -u app --command='rm x'", ["runuser -u app '--command=rm x'", 'rm x']],
    ['bash x.sh', ['bash x.sh']],
    ['source ./env.sh; . ~/.profile', ['source ./env.sh', '. ~/.profile']],
    ['bash -c', ['bash -c']],
    ['eval', ['eval']],
  ]);
});

describe('assignments', () => {
  viewTable([
    ['FOO=1 rm -rf /', ['rm -rf /']],
    ['FOO=1 BAR="x y" rm -rf /', ['rm -rf /']],
    ['A=1', []],
    ['A=1 B=2; C+=3', []],
    ['A=1 B=$(rm x) ls', ['rm x', 'ls']],
    ['echo A=1', ['echo A=1']],
    ['A+=x rm y', ['rm y']],
    ['a[0]=1 rm z', ['rm z']],
    ['"A"=1 rm', ['A=1 rm']],
    ['A=1 > out', ['> out']],
  ]);
});

describe('wrappers', () => {
  viewTable([
    ['sudo rm -rf /', ['sudo rm -rf /', 'rm -rf /']],
    ['sudo -u root -E -- rm -rf /', ['sudo -u root -E -- rm -rf /', 'rm -rf /']],
    [
      'sudo -uroot --preserve-env=PATH HOME=/ rm -rf /',
      ['sudo -uroot --preserve-env=PATH HOME=/ rm -rf /', 'rm -rf /'],
    ],
    ['/usr/bin/sudo rm x', ['sudo rm x', 'rm x']],
    ['sudo -e /etc/passwd', ['sudo -e /etc/passwd']],
    ['doas -u root rm x', ['doas -u root rm x', 'rm x']],
    ['env rm x', ['env rm x', 'rm x']],
    ['env -i -u HOME X=1 Y="a b" rm x', ["env -i -u HOME X=1 'Y=a b' rm x", 'rm x']],
    ["env -S 'rm -rf /'", ["env -S 'rm -rf /'", 'rm -rf /']],
    ['nohup rm x &', ['nohup rm x', 'rm x']],
    ['timeout 5 rm x', ['timeout 5 rm x', 'rm x']],
    ['timeout -k 1 --signal=KILL 5s rm x', ['timeout -k 1 --signal=KILL 5s rm x', 'rm x']],
    ['nice -n 10 rm x', ['nice -n 10 rm x', 'rm x']],
    ['nice -10 rm x', ['nice -10 rm x', 'rm x']],
    ['ionice -c 3 rm x', ['ionice -c 3 rm x', 'rm x']],
    ['command rm x', ['command rm x', 'rm x']],
    ['command -p rm x', ['command -p rm x', 'rm x']],
    ['command -v rm', ['command -v rm']],
    ['exec rm x', ['exec rm x', 'rm x']],
    ['exec -a name rm x', ['exec -a name rm x', 'rm x']],
    ['exec > log', ['exec > log']],
    ['builtin cd /', ['builtin cd /', 'cd /']],
    ['time rm x', ['time rm x', 'rm x']],
    ['time -p rm x', ['time -p rm x', 'rm x']],
    ['stdbuf -oL -e 0 rm x', ['stdbuf -oL -e 0 rm x', 'rm x']],
    ['setsid -f rm x', ['setsid -f rm x', 'rm x']],
    ['chroot /mnt rm x', ['chroot /mnt rm x', 'rm x']],
    ['chroot --userspec=a:b /mnt rm x', ['chroot --userspec=a:b /mnt rm x', 'rm x']],
    ['busybox rm x', ['busybox rm x', 'rm x']],
    ['flock /tmp/lock rm x', ['flock /tmp/lock rm x', 'rm x']],
    ["flock -n /tmp/lock -c 'rm x'", ["flock -n /tmp/lock -c 'rm x'", 'rm x']],
    ["watch -n 1 'rm -rf /tmp/x'", ["watch -n 1 'rm -rf /tmp/x'", 'rm -rf /tmp/x']],
    ['watch -d rm x', ['watch -d rm x', 'rm x']],
    ['watch -x rm x', ['watch -x rm x', 'rm x']],
    [
      'sudo env X=1 nice rm -rf /',
      ['sudo env X=1 nice rm -rf /', 'env X=1 nice rm -rf /', 'nice rm -rf /', 'rm -rf /'],
    ],
    ['sudo bash -c "rm x"', ["sudo bash -c 'rm x'", "bash -c 'rm x'", 'rm x']],
    ['sudo rm x > /dev/sda', ['sudo rm x > /dev/sda', 'rm x > /dev/sda']],
    ['sudo', ['sudo']],
    ['ls | xargs rm', ['ls', 'xargs rm', 'rm', 'rm $UNKNOWN', 'ls | xargs rm']],
    [
      'ls | xargs -0 -I {} -n 1 -P 4 rm -rf {}',
      [
        'ls',
        'xargs -0 -I {} -n 1 -P 4 rm -rf {}',
        'rm -rf {}',
        'rm -rf $UNKNOWN',
        'ls | xargs -0 -I {} -n 1 -P 4 rm -rf {}',
      ],
    ],
    ['xargs -I{} --max-procs=2 rm {}', ['xargs -I{} --max-procs=2 rm {}', 'rm {}', 'rm $UNKNOWN']],
    // Its own herestring or heredoc feeds it too; a file does not say what it holds.
    ['xargs rm -rf <<< ~', ['xargs rm -rf <<< ~', 'rm -rf <<< ~', 'rm -rf ~ <<< ~']],
    ['xargs rm -rf <<EOF\n/etc\nEOF', ['xargs rm -rf <<EOF', 'rm -rf <<EOF', 'rm -rf /etc <<EOF']],
    ['xargs rm -rf < dirs.txt', ['xargs rm -rf < dirs.txt', 'rm -rf < dirs.txt', 'rm -rf $UNKNOWN < dirs.txt']],
    ['xargs', ['xargs']],
    ['xargs sh -c "rm x"', ["xargs sh -c 'rm x'", "sh -c 'rm x'", 'rm x', "sh -c 'rm x' $UNKNOWN"]],
    ['find . -delete', ['find . -delete']],
    ['find . -name "*.tmp" -delete', ["find . -name '*.tmp' -delete"]],
    ['find . -exec rm {} \\;', ["find . -exec rm {} ';'", 'rm {}']],
    ['find . -exec rm -rf {} +', ['find . -exec rm -rf {} +', 'rm -rf {}']],
    [
      "find / -type f -execdir chmod 777 {} ';' -ok rm {} \\;",
      ["find / -type f -execdir chmod 777 {} ';' -ok rm {} ';'", 'chmod 777 {}', 'rm {}'],
    ],
    [
      'find . -exec sh -c \'rm "$1"\' _ {} \\;',
      [`find . -exec sh -c 'rm "$1"' _ {} ';'`, `sh -c 'rm "$1"' _ {}`, 'rm $1'],
    ],
    ['find . -exec echo + x \\;', ["find . -exec echo + x ';'", 'echo + x']],
    ['find . -exec rm', ['find . -exec rm', 'rm']],
  ]);
});

describe('quoting and escapes', () => {
  viewTable([
    ['"rm" -rf /', ['rm -rf /']],
    ['r""m -rf /', ['rm -rf /']],
    ["'r'm -rf /", ['rm -rf /']],
    ['\\rm -rf /', ['rm -rf /']],
    ['r\\m -rf /', ['rm -rf /']],
    ["$'\\x72\\x6d' -rf /", ['rm -rf /']],
    ["$'\\162\\155' -rf /", ['rm -rf /']],
    ["$'\\u0072\\U0000006d' -rf /", ['rm -rf /']],
    ['$"rm" -rf /', ['rm -rf /']],
    ["\"r\"'m'$'\\x20'x", ["'rm x'"]],
    ["echo $'a\\tb\\n' $'it\\'s'", ["echo 'a\tb\n' 'it'\\''s'"]],
    ['rm -rf ";" $HOME', ["rm -rf ';' $HOME"]],
    ['echo "it\'s"', ["echo 'it'\\''s'"]],
    ['rm ""', ["rm ''"]],
    ['rm -rf "$HOME"', ['rm -rf $HOME']],
    ['rm -rf "${HOME}/x"', ['rm -rf ${HOME}/x']],
    ['rm -rf "$HOME/My Files"', ["rm -rf '$HOME/My Files'"]],
    ['rm *.log "*.log" file?.[ch]', ["rm *.log '*.log' file?.[ch]"]],
    ['rm -rf ~ "~" ~/x', ["rm -rf ~ '~' ~/x"]],
    ['echo {a,b} "{a,b}"', ["echo {a,b} '{a,b}'", "echo a b '{a,b}'"]],
    ['echo a\\ b', ["echo 'a b'"]],
    ['echo $1 $@ $? ${#x} $', ["echo $1 $@ $? ${#x} '$'"]],
    ['echo "a\\"b" "c\\d"', [`echo 'a"b' 'c\\d'`]],
    ['echo a\\\nb', ['echo ab']],
  ]);
});

describe('command word', () => {
  viewTable([
    ['/bin/rm -rf /', ['rm -rf /']],
    ['"/bin/rm" x', ['rm x']],
    ['"/opt/my tools/rm" x', ['rm x']],
    ['./rm -rf /', ['./rm -rf /']],
    ['../bin/rm x', ['../bin/rm x']],
    ['bin/rm x', ['bin/rm x']],
    ['/', ['/']],
    ['/usr/bin/', ['/usr/bin/']],
  ]);
});

describe('redirections', () => {
  viewTable([
    ['echo x > /dev/sda', ['echo x > /dev/sda']],
    ['echo x >>~/.bashrc', ['echo x >> ~/.bashrc']],
    ['cmd 2>err 1>out 0<in', ['cmd 2> err > out < in']],
    ['cmd &>all &>>more >|clobber <>rw', ['cmd &> all &>> more > clobber <> rw']],
    ['cmd 2>&1 1>&2 >&2 3>&- <&3', ['cmd 2>&1 >&2 >&2 3>&- <&3']],
    ['cmd >& file', ['cmd &> file']],
    ['cmd 2>>"my log"', ["cmd 2>> 'my log'"]],
    ['>out cmd arg', ['cmd arg > out']],
    ['> /etc/passwd', ['> /etc/passwd']],
    ['cat <<EOF >out\nx\nEOF', ['cat <<EOF > out']],
    ["cat <<-'EOF'\n\tx\n\tEOF", ['cat <<EOF']],
    ['cat <<< "hello world"', ["cat <<< 'hello world'"]],
    ['cmd 2>&1>file', ['cmd 2>&1 > file']],
    ['cat >', ['cat >']],
    ['echo a2>x', ['echo a2 > x']],
  ]);
});

describe('heredocs and herestrings', () => {
  viewTable([
    ["cat <<'EOF'\nrm -rf /\nEOF", ['cat <<EOF']],
    ['cat <<EOF\nrm -rf /\nEOF', ['cat <<EOF']],
    ['cat > f.txt <<EOF\nrm -rf /\n$(whoami)\n\\$(id)\nEOF', ['cat > f.txt <<EOF', 'whoami']],
    ['cat <<"EOF"\n$(rm -rf /) `id`\nEOF', ['cat <<EOF']],
    ['cat <<EOF\nEOF inside a line\nEOF\nls', ['cat <<EOF', 'ls']],
    ['cat <<-EOF\n\trm -rf /\n\tEOF\necho next', ['cat <<EOF', 'echo next']],
    ['cat <<A; cat <<B\nrm a\nA\nrm b\nB\nls', ['cat <<A', 'cat <<B', 'ls']],
    ['bash <<EOF\nrm -rf /\nEOF\necho done', ['bash <<EOF', 'rm -rf /', 'echo done']],
    ["bash <<'EOF'\nrm -rf /\nEOF", ['bash <<EOF', 'rm -rf /']],
    ['sh -s <<EOF\nrm -rf /\nEOF', ['sh -s <<EOF', 'rm -rf /']],
    ['bash -s -- arg <<EOF\nrm x\nEOF', ['bash -s -- arg <<EOF', 'rm x']],
    ['sudo bash <<EOF\nrm -rf /\nEOF', ['sudo bash <<EOF', 'bash <<EOF', 'rm -rf /']],
    ['bash <<EOF\necho \\$(rm x)\nEOF', ['bash <<EOF', 'rm x', "echo '$(rm x)'"]],
    ['bash script.sh <<EOF\nrm x\nEOF', ['bash script.sh <<EOF']],
    ["bash -c 'cat' <<EOF\nrm x\nEOF", ['bash -c cat <<EOF', 'cat']],
    ['bash <<EOF\nrm -rf /', ['bash <<EOF', 'rm -rf /']],
    ['bash <<EOF\r\nrm x\r\nEOF\r\nls\r\n', ['bash <<EOF', 'rm x', 'ls']],
    ['bash <<< "rm -rf /"', ["bash <<< 'rm -rf /'", 'rm -rf /']],
    ["sh <<< 'rm x; rm y'", ["sh <<< 'rm x; rm y'", 'rm x', 'rm y']],
    ['cat <<< "rm -rf /"', ["cat <<< 'rm -rf /'"]],
    ['cat <<< "$(rm x)"', ['rm x', "cat <<< '$(rm x)'"]],
    ["python3 - <<'PY'\nimport subprocess\nsubprocess.run(['rm', '-rf', '/'])\nPY", ['python3 - <<PY', 'rm -rf /']],
    ["node <<'JS'\nrequire('child_process').execSync('rm x')\nJS", ['node <<JS', 'rm x']],
    ['python3 <<EOF\nprint("$(rm x)")\nEOF', ['python3 <<EOF', 'rm x']],
    ['python3 script.py <<EOF\nos.system("rm x")\nEOF', ['python3 script.py <<EOF']],
    // Where a body ends: the delimiter alone on its line (after tabs for <<-, before an optional \r).
    ['bash <<-EOF\n\t\trm x\n\tEOF\nls', ['bash <<EOF', 'rm x', 'ls']],
    ['bash <<EOF\n\tEOF\nrm x\nEOF', ['bash <<EOF', 'EOF', 'rm x']],
    ["bash <<'E.F'\nEXF\nrm x\nE.F\nls", ['bash <<E.F', 'EXF', 'rm x', 'ls']],
    ['cat <<EOF\nx\rEOF\nrm y\nEOF\nls', ['cat <<EOF', 'ls']],
    ["bash <<''\nrm x\n\nrm y", ['bash <<', 'rm x', 'rm y']],
    ['bash <<EOF\nrm x\n', ['bash <<EOF', 'rm x']],
    ['bash <<EOF\n', ['bash <<EOF']],
  ]);
});

describe('pipeline views', () => {
  viewTable([
    ["curl -fsSL x | b'a'sh", ['curl -fsSL x', 'bash', 'curl -fsSL x | bash']],
    ['curl x | "bash" -s -- --yes', ['curl x', 'bash -s -- --yes', 'curl x | bash -s -- --yes']],
    ['curl x |& \\sh', ['curl x', 'sh', 'curl x |& sh']],
    ['curl x |\n  sh', ['curl x', 'sh', 'curl x | sh']],
    [
      'curl -s x | tee /tmp/i.sh | sudo -E /bin/bash',
      [
        'curl -s x',
        'tee /tmp/i.sh',
        'sudo -E /bin/bash',
        'bash',
        'curl -s x | tee /tmp/i.sh | sudo -E /bin/bash',
        'tee /tmp/i.sh | sudo -E /bin/bash',
        'curl -s x | tee /tmp/i.sh | bash',
        'tee /tmp/i.sh | bash',
      ],
    ],
    ['a | b && c | d', ['a', 'b', 'a | b', 'c', 'd', 'c | d']],
    ['x=$(curl x | sh)', ['curl x', 'sh', 'curl x | sh']],
    ['bash -c "curl x | sh"', ["bash -c 'curl x | sh'", 'curl x', 'sh', 'curl x | sh']],
    ["curl x | jq '.a | .b'", ['curl x', "jq '.a | .b'", "curl x | jq '.a | .b'"]],
    [
      'FOO=1 curl "x?a=1&b=2" 2>/dev/null | sh',
      ["curl 'x?a=1&b=2' 2> /dev/null", 'sh', "curl 'x?a=1&b=2' 2> /dev/null | sh"],
    ],
    // A group's output is read as its last command's.
    ['(curl x) | sh', ['curl x', 'sh', 'curl x | sh']],
    ['{ echo start; curl x; } | sh', ['echo start', 'curl x', 'sh', 'curl x | sh']],
    ['for f in *.sh; do cat "$f"; done | bash', ['cat *.sh', 'bash', 'cat $f | bash', 'cat *.sh | bash']],
    ['{ a; } && b | c', ['a', 'b', 'c', 'b | c']],
    // Unfinished or single-command "pipelines" add nothing.
    ['a | b |', ['a', 'b', 'a | b']],
    ['| a', ['a']],
    ['a |', ['a']],
    ['echo "curl x | sh"', ["echo 'curl x | sh'"]],
  ]);
});

describe('literal text piped into a shell', () => {
  viewTable([
    ["echo 'rm -rf /' | sh", ["echo 'rm -rf /'", 'sh', 'rm -rf /', "echo 'rm -rf /' | sh"]],
    ['echo -n rm x | bash -s', ['echo -n rm x', 'bash -s', 'rm x', 'echo -n rm x | bash -s']],
    [
      "printf 'rm -rf %s\\n' / | bash",
      ["printf 'rm -rf %s\\n' /", 'bash', 'rm -rf /', "printf 'rm -rf %s\\n' / | bash"],
    ],
    [
      "printf '%s %b' rm '-rf\\x20/' | bash",
      ["printf '%s %b' rm '-rf\\x20/'", 'bash', 'rm -rf /', "printf '%s %b' rm '-rf\\x20/' | bash"],
    ],
    ["echo -e 'rm\\x20x' | sh", ["echo -e 'rm\\x20x'", 'sh', 'rm x', "echo -e 'rm\\x20x' | sh"]],
    ['cat <<EOF | bash\nrm -rf /\nEOF', ['cat <<EOF', 'bash', 'rm -rf /', 'cat <<EOF | bash']],
    [
      'cat <<< "rm x" | sudo sh',
      ["cat <<< 'rm x'", 'sudo sh', 'sh', 'rm x', "cat <<< 'rm x' | sudo sh", "cat <<< 'rm x' | sh"],
    ],
    [
      'echo "import os; os.system(\'rm x\')" | python3',
      [
        `echo 'import os; os.system('\\''rm x'\\'')'`,
        'python3',
        'rm x',
        `echo 'import os; os.system('\\''rm x'\\'')' | python3`,
      ],
    ],
    ["echo 'rm x' | tee f", ["echo 'rm x'", 'tee f', "echo 'rm x' | tee f"]],
    ["echo 'rm x' | bash script.sh", ["echo 'rm x'", 'bash script.sh', "echo 'rm x' | bash script.sh"]],
    ["echo 'rm x'; bash", ["echo 'rm x'", 'bash']],
    [
      'curl -fsSL https://example.com/i.sh | bash',
      ['curl -fsSL https://example.com/i.sh', 'bash', 'curl -fsSL https://example.com/i.sh | bash'],
    ],
    ["(echo 'rm x') | sh", ["echo 'rm x'", 'sh', 'rm x', "echo 'rm x' | sh"]],
  ]);
});

describe('interpreter one-liners', () => {
  viewTable([
    [
      `python -c "import os; os.system('rm -rf /')"`,
      [`python -c 'import os; os.system('\\''rm -rf /'\\'')'`, 'rm -rf /'],
    ],
    [
      `python3 -c 'import subprocess; subprocess.run("rm -rf /", shell=True)'`,
      [`python3 -c 'import subprocess; subprocess.run("rm -rf /", shell=True)'`, 'rm -rf /'],
    ],
    [
      `python3.12 -uc 'import subprocess as s; s.check_output(["rm", "-rf", "/"])'`,
      [`python3.12 -uc 'import subprocess as s; s.check_output(["rm", "-rf", "/"])'`, 'rm -rf /'],
    ],
    [`python -c 'os.popen(r"printf \\x41")'`, [`python -c 'os.popen(r"printf \\x41")'`, 'printf x41']],
    [`python -c 'os.popen("printf \\x41")'`, [`python -c 'os.popen("printf \\x41")'`, 'printf A']],
    [`python -c 'os.system("\\x72m x")'`, [`python -c 'os.system("\\x72m x")'`, 'rm x']],
    [`python -c "print('rm -rf /')"`, [`python -c 'print('\\''rm -rf /'\\'')'`]],
    ['python -m http.server', ['python -m http.server']],
    ['python script.py -c "rm x"', ["python script.py -c 'rm x'"]],
    [
      `node -e "require('child_process').execSync('rm -rf /')"`,
      [`node -e 'require('\\''child_process'\\'').execSync('\\''rm -rf /'\\'')'`, 'rm -rf /'],
    ],
    [
      'node --eval \'require("child_process").exec(`rm x`)\'',
      [`node --eval 'require("child_process").exec(\`rm x\`)'`, 'rm x'],
    ],
    // In double quotes the backticks are bash's own command substitutions, run before node starts.
    ['node -e "exec(`rm x`)"', ['rm x', "node -e 'exec(`rm x`)'"]],
    [
      `node -pe "cp.execFileSync('rm', ['-rf', '/'])"`,
      [`node -pe 'cp.execFileSync('\\''rm'\\'', ['\\''-rf'\\'', '\\''/'\\''])'`, 'rm -rf /'],
    ],
    [
      `node -e "cp.spawnSync('sh', ['-c', 'rm -rf /'])"`,
      [`node -e 'cp.spawnSync('\\''sh'\\'', ['\\''-c'\\'', '\\''rm -rf /'\\''])'`, "sh -c 'rm -rf /'", 'rm -rf /'],
    ],
    [`node -e "console.log('rm -rf /')"`, [`node -e 'console.log('\\''rm -rf /'\\'')'`]],
    [`perl -e 'system("rm", "-rf", "/")'`, [`perl -e 'system("rm", "-rf", "/")'`, 'rm -rf /']],
    ["perl -le 'print `id`; qx{rm x}'", ["perl -le 'print `id`; qx{rm x}'", 'id', 'rm x']],
    [`perl -e 'system "rm x"' -e 'exec("rm y")'`, [`perl -e 'system "rm x"' -e 'exec("rm y")'`, 'rm x', 'rm y']],
    [
      `ruby -e 'system "rm -rf /"; %x(ls); \`id\`'`,
      [`ruby -e 'system "rm -rf /"; %x(ls); \`id\`'`, 'rm -rf /', 'ls', 'id'],
    ],
    [`php -r 'shell_exec("rm -rf /");'`, [`php -r 'shell_exec("rm -rf /");'`, 'rm -rf /']],
    [`/usr/bin/php8.2 -r 'echo \`rm x\`;'`, [`php8.2 -r 'echo \`rm x\`;'`, 'rm x']],
  ]);
});

describe('scheduled and recorded shells', () => {
  viewTable([
    ["at now <<< 'rm -rf ~'", ["at now <<< 'rm -rf ~'", 'rm -rf ~']],
    ["echo 'rm -rf ~' | at now", ["echo 'rm -rf ~'", 'at now', 'rm -rf ~', "echo 'rm -rf ~' | at now"]],
    ["batch <<< 'rm -rf ~'", ["batch <<< 'rm -rf ~'", 'rm -rf ~']],
    ['at -l', ['at -l']],
    ["script -qc 'rm -rf ~' /dev/null", ["script -qc 'rm -rf ~' /dev/null", 'rm -rf ~']],
    ['script -qec "ssg sleep off" /dev/null', ["script -qec 'ssg sleep off' /dev/null", 'ssg sleep off']],
    ["script --command='rm -rf ~' -q log", ["script '--command=rm -rf ~' -q log", 'rm -rf ~']],
    ['script -q /dev/null rm -rf ~', ['script -q /dev/null rm -rf ~', 'rm -rf ~']],
    ['script -T t.log -q out', ['script -T t.log -q out']],
  ]);
});

describe('files the line writes and then runs', () => {
  viewTable([
    ["echo 'rm -rf /' > x.sh && bash x.sh", ["echo 'rm -rf /' > x.sh", 'bash x.sh', 'rm -rf /']],
    [
      "cat > deploy.sh <<'EOF'\n#!/bin/sh\nrm -rf /var/www\nEOF\nchmod +x deploy.sh && ./deploy.sh",
      ['cat > deploy.sh <<EOF', 'chmod +x deploy.sh', './deploy.sh', 'rm -rf /var/www'],
    ],
    [
      "printf 'rm -rf ~\\n' > /tmp/x.sh && bash /tmp/x.sh",
      ["printf 'rm -rf ~\\n' > /tmp/x.sh", 'bash /tmp/x.sh', 'rm -rf ~'],
    ],
    [
      "echo 'rm -rf ~' > x.sh; chmod +x x.sh; ./x.sh",
      ["echo 'rm -rf ~' > x.sh", 'chmod +x x.sh', './x.sh', 'rm -rf ~'],
    ],
    ["tee s.sh <<< 'rm -rf ~' >/dev/null; sh s.sh", ["tee s.sh <<< 'rm -rf ~' > /dev/null", 'sh s.sh', 'rm -rf ~']],
    ["echo 'rm -rf ~' > s.sh; source s.sh", ["echo 'rm -rf ~' > s.sh", 'source s.sh', 'rm -rf ~']],
    ["echo 'rm -rf ~' > s.sh; . ./s.sh", ["echo 'rm -rf ~' > s.sh", '. ./s.sh', 'rm -rf ~']],
    [
      "echo 'cd /' > s.sh; echo 'rm -rf \"$1\"' >> s.sh; bash s.sh ~",
      ["echo 'cd /' > s.sh", 'echo \'rm -rf "$1"\' >> s.sh', 'bash s.sh ~', 'cd /', 'rm -rf ~'],
    ],
    ["echo 'rm -rf ~' > j.sh; at -f j.sh now", ["echo 'rm -rf ~' > j.sh", 'at -f j.sh now', 'rm -rf ~']],
    // Written again with content not known: nothing is run.
    [
      "echo 'rm -rf ~' > x.sh; curl -o x.sh u > x.sh; bash x.sh",
      ["echo 'rm -rf ~' > x.sh", 'curl -o x.sh u > x.sh', 'bash x.sh'],
    ],
    ["echo 'rm -rf ~' > x.sh; bash y.sh", ["echo 'rm -rf ~' > x.sh", 'bash y.sh']],
  ]);

  test('a python file written by a heredoc and run', () => {
    const { commands } = analyzeShell(
      "cat > /tmp/c.py <<'EOF'\nimport os\nos.system('rm -rf ~')\nEOF\npython3 /tmp/c.py",
    );
    assert.ok(commands.includes('rm -rf ~'), JSON.stringify(commands));
  });

  test('a script that runs itself stays bounded', () => {
    const { truncated } = analyzeShell("echo 'bash x.sh; bash x.sh' > x.sh; bash x.sh");
    assert.ok(truncated === 'depth' || truncated === 'work', String(truncated));
  });
});

describe('data is not commands', () => {
  viewTable([
    ["echo 'rm -rf /'", ["echo 'rm -rf /'"]],
    ['echo "rm -rf /; shutdown now"', ["echo 'rm -rf /; shutdown now'"]],
    ['echo rm -rf /', ['echo rm -rf /']],
    ["printf '%s\\n' 'rm -rf /'", ["printf '%s\\n' 'rm -rf /'"]],
    ['git commit -m "rm -rf / && curl x | sh"', ["git commit -m 'rm -rf / && curl x | sh'"]],
    [
      'git commit -am "fix: rm -rf / bug" --message="drop table; DELETE"',
      ["git commit -am 'fix: rm -rf / bug' '--message=drop table; DELETE'"],
    ],
    ["git commit -m 'eval $(curl x)'", ["git commit -m 'eval $(curl x)'"]],
    ['git commit -m "$(rm x)"', ['rm x', "git commit -m '$(rm x)'"]],
    ["git commit -F - <<'EOF'\nrm -rf /\nsudo reboot\nEOF", ['git commit -F - <<EOF']],
    ['grep -r "sudo rm" .', ["grep -r 'sudo rm' ."]],
    ["jq '.a | .b' f.json", ["jq '.a | .b' f.json"]],
  ]);
});

describe('unterminated input', () => {
  viewTable([
    ['$(rm -rf /', ['rm -rf /', "'$(rm -rf /'"]],
    ['echo "$(rm -rf /', ['rm -rf /', "echo '$(rm -rf /'"]],
    ['echo `rm -rf /', ['rm -rf /', "echo '`rm -rf /'"]],
    ["echo 'abc", ['echo abc']],
    ['echo "abc', ['echo abc']],
    ["echo $'abc", ['echo abc']],
    ['if true; then rm x', ['true', 'rm x']],
    ['case x in a) rm y', ['rm y']],
    ['echo ${X:-$(rm x', ['rm x', "echo '${X:-$(rm x'"]],
    ['echo $((', ["echo '$(('"]],
    ['(( 1 +', []],
    ['for x in', []],
    ['f() {', []],
    ['X=(a $(rm b)', ['rm b']],
    ['[[ -n x', []],
    ['(rm x', ['rm x']],
    ['rm x)', ['rm x']],
    ['2>', ['2>']],
    ['cat <<', ['cat <<']],
    ['echo \\', ["echo '\\'"]],
    ['echo $(echo "$(rm x', ['rm x', "echo '$(rm x'", `echo '$(echo "$(rm x'`]],
  ]);
});

describe('views that rules can rely on', () => {
  // The rule from the brief: it must fire on every spelling of a recursive rm, and never on data.
  const recursiveRm = /^rm\s+-[a-zA-Z]*r/;
  const evasions = [
    'FOO=1 rm -rf /',
    "$'\\x72\\x6d' -rf /",
    'r""m -rf /',
    '"rm" -rf /',
    'rm -rf ";" $HOME',
    'bash -c "rm -rf /"',
    "sh -c 'rm -rf /'",
    'eval "rm -rf /"',
    'echo $(rm -rf /)',
    'echo `rm -rf /`',
    'ls | xargs rm -rf',
    'find . -exec rm -rf {} \\;',
    `python -c "import os; os.system('rm -rf /')"`,
    `node -e "require('child_process').execSync('rm -rf /')"`,
    'bash <<EOF\nrm -rf /\nEOF',
    '$(rm -rf /',
    'sudo -u root env X=1 rm -rf /',
    '/bin/rm -rf /',
    '\\rm -rf /',
  ];
  for (const input of evasions) {
    test(`fires on ${testName(input)}`, () => {
      assert.ok(analyzeShell(input).commands.some((view) => recursiveRm.test(view)));
    });
  }
  const data = [
    "echo 'rm -rf /'",
    'git commit -m "rm -rf /"',
    "cat <<'EOF'\nrm -rf /\nEOF",
    'cat <<EOF\nrm -rf /\nEOF',
    "printf 'rm -rf /'",
    "echo 'rm -rf /' > x.sh",
  ];
  for (const input of data) {
    test(`stays quiet on ${testName(input)}`, () => {
      assert.ok(!analyzeShell(input).commands.some((view) => recursiveRm.test(view)));
    });
  }
});

describe('limits and hostile input', () => {
  const MB = 1024 * 1024;

  function assertBounded(input: string): ShellAnalysis {
    const got = analyzeShell(input);
    assert.ok(got.commands.length <= MAX_VIEWS);
    assert.ok(got.commands.reduce((sum, view) => sum + view.length, 0) <= MAX_VIEW_TEXT);
    return got;
  }

  function nestedSubstitutions(levels: number): string {
    return `${'echo $('.repeat(levels)}rm -rf /${')'.repeat(levels)}`;
  }

  function nestedShellStrings(levels: number): string {
    let code = 'rm -rf /';
    for (let i = 0; i < levels; i += 1) code = `bash -c ${JSON.stringify(code)}`;
    return code;
  }

  const hostile: readonly [name: string, input: () => string, truncated: Truncation | false][] = [
    ['5 MB of $(', () => '$('.repeat(2.5 * MB), 'depth'],
    ['5 MB of (((', () => '('.repeat(5 * MB), false],
    ['5 MB of ( (', () => '( '.repeat(2.5 * MB), 'work'],
    ['5 MB of )', () => ')'.repeat(5 * MB), 'work'],
    ['5 MB of ${', () => '${'.repeat(2.5 * MB), 'view-size'],
    ['5 MB of "${', () => '"${'.repeat(1.7 * MB), 'view-size'],
    ['5 MB of backticks', () => '`'.repeat(5 * MB), 'work'],
    ['5 MB of <(', () => '<('.repeat(2.5 * MB), 'depth'],
    ['5 MB of $((', () => '$(('.repeat(1.7 * MB), 'view-size'],
    ["5 MB of $'", () => "$'".repeat(2.5 * MB), 'work'],
    ['5 MB of quotes', () => '"'.repeat(5 * MB), 'work'],
    ['5 MB of backslashes', () => '\\'.repeat(5 * MB), 'work'],
    ['5 MB of escaped quotes in double quotes', () => `echo "${'\\"'.repeat(2.5 * MB)}"`, 'work'],
    ['5 MB of case x in', () => 'case x in '.repeat(0.5 * MB), 'work'],
    ['5 MB of [[', () => '[[ '.repeat(1.7 * MB), 'work'],
    ['5 MB of f()', () => 'f() '.repeat(1.2 * MB), 'work'],
    ['5 MB of X=(', () => 'X=('.repeat(1.7 * MB), false],
    ['5 MB of $x', () => '$x'.repeat(2.5 * MB), 'work'],
    ['heredoc openers on one line', () => 'cat <<E|'.repeat(0.6 * MB), 'work'],
    ['100k ;', () => ';'.repeat(100_000), false],
    ['1M identical commands', () => 'a;'.repeat(MB), 'work'],
    ['a pipeline of 1M commands', () => 'a|'.repeat(MB), 'work'],
    ['a 5 MB word', () => `echo ${'a'.repeat(5 * MB)}`, 'view-size'],
    ['5 MB single-quoted', () => `echo '${'a b'.repeat(1.7 * MB)}'`, 'view-size'],
    ['100k sudo', () => `${'sudo '.repeat(100_000)}rm -rf /`, 'work'],
    ['100k find -exec', () => `find . ${'-exec rm {} \\; '.repeat(100_000)}`, 'work'],
    ['16 nested $(', () => nestedSubstitutions(16), false],
    ['17 nested $(', () => nestedSubstitutions(17), 'depth'],
    ['12 nested bash -c', () => nestedShellStrings(12), false],
    ['20 nested bash -c', () => nestedShellStrings(20), 'work'],
    ['one wrapper too many', () => `${'nice '.repeat(MAX_WRAPPERS + 1)}rm -rf /`, 'depth'],
    ['NUL bytes', () => 'r\0m -rf /\0', false],
    ['lone surrogates', () => 'rm \ud800 -rf \udfff /', false],
  ];
  for (const [name, input, truncated] of hostile) {
    test(name, () => {
      assert.equal(assertBounded(input()).truncated, truncated);
    });
  }

  test('nesting up to the depth limit is analysed', () => {
    assert.ok(analyzeShell(nestedSubstitutions(16)).commands.includes('rm -rf /'));
    assert.ok(analyzeShell(nestedShellStrings(12)).commands.includes('rm -rf /'));
  });

  test('nesting past the depth limit is not', () => {
    assert.ok(!analyzeShell(nestedSubstitutions(17)).commands.includes('rm -rf /'));
    assert.ok(!analyzeShell(nestedShellStrings(20)).commands.includes('rm -rf /'));
  });

  test('NUL bytes are dropped', () => {
    assert.deepEqual(analyzeShell('r\0m -rf /\0').commands, ['rm -rf /']);
  });

  test('lone surrogates pass through', () => {
    assert.deepEqual(analyzeShell('rm \ud800 -rf \udfff').commands, ['rm \ud800 -rf \udfff']);
  });

  test('text after skipped deep nesting is still analysed', () => {
    const got = analyzeShell(`${nestedSubstitutions(20)}; rm -rf /home`);
    assert.equal(got.truncated, 'depth');
    assert.ok(got.commands.includes('rm -rf /home'));
  });

  test('the first limit hit is the one reported', () => {
    const got = analyzeShell(`${nestedSubstitutions(20)}; ${'a;'.repeat(MAX_WORK)}`);
    assert.equal(got.truncated, 'depth');
  });

  test('the view count is capped, keeping the first views', () => {
    const got = analyzeShell(Array.from({ length: MAX_VIEWS + 50 }, (_, i) => `cmd${i}`).join(';'));
    assert.equal(got.truncated, 'views');
    assert.equal(got.commands.length, MAX_VIEWS);
    assert.equal(got.commands[0], 'cmd0');
    assert.equal(got.commands.at(-1), `cmd${MAX_VIEWS - 1}`);
  });

  test('exactly the view limit is not truncated', () => {
    const got = analyzeShell(Array.from({ length: MAX_VIEWS }, (_, i) => `cmd${i}`).join(';'));
    assert.equal(got.truncated, false);
    assert.equal(got.commands.length, MAX_VIEWS);
  });

  test('the work budget stops a long list of commands, keeping what was found', () => {
    const got = analyzeShell(`rm -rf /; ${'ls; '.repeat(MAX_WORK)}`);
    assert.equal(got.truncated, 'work');
    assert.deepEqual(got.commands, ['rm -rf /', 'ls']);
  });

  test('a long script within the work budget is analysed whole', () => {
    const got = analyzeShell(`${'npm run build && npm test; '.repeat(500)}rm -rf /`);
    assert.equal(got.truncated, false);
    assert.ok(got.commands.includes('rm -rf /'));
  });

  test('nested code is budgeted: its text is read again at every level', () => {
    const payload = 'a'.repeat(MAX_NESTED_CODE / 2 + 1);
    assert.equal(analyzeShell(`bash -c "echo ${payload}"`).truncated, false);
    assert.equal(analyzeShell(`bash -c "bash -c 'echo ${payload}'"`).truncated, 'work');
  });

  test('all views together are capped, not each view', () => {
    const arg = 'a'.repeat(MAX_VIEW_TEXT / 3);
    assert.equal(analyzeShell(`sudo echo "${arg}"`).truncated, false);
    assert.equal(analyzeShell(`sudo nice echo "${arg}"`).truncated, 'view-size');
  });

  // Big data inside one command is one command: never cut, never truncated.
  const bigButOne: readonly [name: string, input: string, view: string][] = [
    ['a megabyte double-quoted argument', `echo "${'word '.repeat(MB / 5)}"`, `echo '${'word '.repeat(MB / 5)}'`],
    [
      'a megabyte single-quoted argument',
      `curl -d '${'{"k":1},'.repeat(MB / 8)}' x`,
      `curl -d '${'{"k":1},'.repeat(MB / 8)}' x`,
    ],
    [
      'a megabyte heredoc for a file',
      `cat > f.txt <<'EOF'\n${'a line of text\n'.repeat(MB / 15)}EOF`,
      'cat > f.txt <<EOF',
    ],
    [
      'a megabyte unquoted heredoc for a file',
      `cat > f.txt <<EOF\n${'$HOME and text\n'.repeat(MB / 15)}EOF`,
      'cat > f.txt <<EOF',
    ],
    [
      'a commit message with escaped quotes',
      `git commit -m "${'say \\"hi\\" '.repeat(1000)}"`,
      `git commit -m '${'say "hi" '.repeat(1000)}'`,
    ],
  ];
  for (const [name, input, view] of bigButOne) {
    test(name, () => {
      const { commands, truncated } = analyzeShell(input);
      assert.deepEqual({ commands, truncated }, { commands: [view], truncated: false });
    });
  }

  test('a function calling itself is bounded', () => {
    const started = performance.now();
    const { commands, truncated } = analyzeShell('f(){ rm -rf "$1"; f "$1" "$1"; f x; }; f /');
    assert.ok(commands.includes('rm -rf /'));
    assert.equal(truncated, 'depth');
    assert.ok(performance.now() - started < 2000);
    assert.equal(analyzeShell(':(){ :|:& };:').truncated, 'depth');
  });

  test('a megabyte of set --, calls and read loops stays within the work budget', () => {
    for (const line of [
      'set -- / ~; '.repeat(10_000),
      `f(){ rm -rf "$@"; }; ${'f / ~ ; '.repeat(100_000)}`,
      `${'f(){ '.repeat(50_000)}rm "$1"${' }'.repeat(50_000)}; f /`,
      `${'while read d; do '.repeat(50_000)}rm "$d"${'; done'.repeat(50_000)} <<< /`,
      `A=(${'/ '.repeat(300_000)}); rm -rf "\${A[@]}"`,
      `${"echo 'bash x.sh' >> x.sh; ".repeat(30_000)}bash x.sh`,
    ]) {
      const started = performance.now();
      const { truncated } = analyzeShell(line);
      assert.notEqual(truncated, 'error');
      assert.ok(performance.now() - started < 5000, `${line.slice(0, 40)}: ${performance.now() - started} ms`);
    }
  });

  test('non-string input yields nothing', () => {
    assert.deepEqual(analyzeShell(undefined as unknown as string), { commands: [], targets: [], truncated: false });
  });

  test('random shell-like input never throws and stays bounded', () => {
    // A fixed-seed generator keeps failures reproducible.
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = [
      '$(',
      '`',
      '"',
      "'",
      '\\',
      '(',
      ')',
      '{',
      '}',
      ';',
      '|',
      '&',
      '<<',
      'EOF',
      '\n',
      ' ',
      'rm',
      '-c',
      'bash',
      'sudo',
      'xargs',
      '$',
      "$'",
      '${',
      '<(',
      '[[',
      'case',
      'in',
      'esac',
      'do',
      'for',
      'if',
      'python',
      'eval',
      '#',
      '=',
      'x',
    ];
    for (let run = 0; run < 2000; run += 1) {
      const input = Array.from({ length: 1 + random(60) }, () => alphabet[random(alphabet.length)]).join('');
      assertBounded(input);
    }
  });
});
