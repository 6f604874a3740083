import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { analyzeShell } from './analyze';
import { MAX_WORK } from './limits';

/** [command line, a view it must yield (besides the views as written), or null: no view may hold `absent`]. */
type Case = readonly [input: string, view: string];

function yields(cases: readonly Case[]): void {
  for (const [input, view] of cases) {
    test(`${JSON.stringify(input)} → ${view}`, () => {
      const { commands, truncated } = analyzeShell(input);
      assert.ok(commands.includes(view), `views: ${JSON.stringify(commands)}`);
      assert.equal(truncated, false);
    });
  }
}

/** [command line, a view it must not yield]: what is not known is never filled in with something else. */
function neverYields(cases: readonly Case[]): void {
  for (const [input, view] of cases) {
    test(`${JSON.stringify(input)} never → ${view}`, () => {
      assert.ok(!analyzeShell(input).commands.includes(view), JSON.stringify(analyzeShell(input).commands));
    });
  }
}

describe('values set earlier in the command line', () => {
  yields([
    ['D=~; rm -rf $D', 'rm -rf ~'],
    ['D=~/work; rm -rf "$D"', 'rm -rf ~/work'],
    ['export T=/; rm -rf "$T"', 'rm -rf /'],
    ['declare T=/ && rm -rf $T', 'rm -rf /'],
    ['local T=/etc; rm -rf $T', 'rm -rf /etc'],
    ['X=/home/me/; rm -rf ${X%/}', 'rm -rf /home/me'],
    ['X=/home/me/x.txt; rm -rf ${X%/*}', 'rm -rf /home/me'],
    ['X=/home/me/x.txt; rm -rf ${X##*/}', 'rm -rf x.txt'],
    ['X=/tmp; rm -rf ${X#/tmp}/', 'rm -rf /'],
    ['X=; rm -rf ${X:-~}', 'rm -rf ~'],
    ['X=/; rm -rf ${X:-/tmp}', 'rm -rf /'],
    ['X=1; rm -rf ${X:+/}', 'rm -rf /'],
    ['R=rm; $R -rf ~', 'rm -rf ~'],
    ['R=r; ${R}m -rf ~', 'rm -rf ~'],
    ['C="rm -rf"; $C /', 'rm -rf /'],
    ['C="rm -rf"; "$C" /', "'rm -rf' /"],
    ['A=~ B=/x; rm -rf $A$B', 'rm -rf ~/x'],
    ['D=$HOME; rm -rf $D', 'rm -rf $HOME'],
    ['D=$HOME/x; E=$D/y; rm -rf $E', 'rm -rf $HOME/x/y'],
    ['X=a; X+=b; rm $X', 'rm ab'],
    ['X=/; true && rm -rf $X || echo $X', 'rm -rf /'],
    ['X=/\nrm -rf $X', 'rm -rf /'],
    ['X=/; { rm -rf $X; }', 'rm -rf /'],
    ['X=/; (rm -rf $X)', 'rm -rf /'],
    ['X=/; echo $(rm -rf $X)', 'rm -rf /'],
    ["X=/ bash -c 'rm -rf $X'", 'rm -rf /'],
    ['X=/; bash -c "rm -rf $X"', 'rm -rf /'],
    ["eval 'X=/'; rm -rf $X", 'rm -rf /'],
    ['S="rm -rf ~"; eval "$S"', 'rm -rf ~'],
    ['S="rm -rf ~"; bash -c "$S"', 'rm -rf ~'],
    ['for d in ~ /etc; do rm -rf $d; done', 'rm -rf ~'],
    ['for d in ~ /etc; do rm -rf $d; done', 'rm -rf /etc'],
    ['for d in ~; do rm -rf "$d"; done', 'rm -rf ~'],
    ['L="/a /b"; for d in $L; do rm -rf $d; done', 'rm -rf /b'],
    ['for a in x y; do for b in 1 2; do rm $a$b; done; done', 'rm y2'],
    ['rm -rf $(echo ~)', 'rm -rf ~'],
    ['rm -rf `echo /`', 'rm -rf /'],
    ["rm -rf $(printf '%s' /etc)", 'rm -rf /etc'],
    ['D=$(echo ~); rm -rf $D', 'rm -rf ~'],
    ['rm -rf "$(echo $HOME)"', 'rm -rf $HOME'],
    ['eval "rm -rf" \'~\'', 'rm -rf ~'],
    ['echo ~ | xargs rm -rf', 'rm -rf ~'],
    ['echo ~ /etc | xargs rm -rf', 'rm -rf ~ /etc'],
    ['D=~; echo $D | xargs rm -rf', 'rm -rf ~'],
    ["printf '/etc\\n' | xargs -I{} rm -rf {}", 'rm -rf /etc'],
    ['echo /x | xargs -I % sh -c "rm -rf %"', 'rm -rf /x'],
    ['parallel rm -rf ::: ~ /tmp/x', 'rm -rf ~'],
    ['parallel rm -rf ::: ~ /tmp/x', 'rm -rf /tmp/x'],
    ['parallel -j 4 rm -rf {} ::: /etc', 'rm -rf /etc'],
    ['parallel rm {1}/{2} ::: /a ::: b c', 'rm /a/c'],
    ['echo /etc | parallel rm -rf', 'rm -rf /etc'],
    ['parallel ::: "rm -rf ~"', 'rm -rf ~'],
    ['find . | xargs -I{} rm -rf {}', 'rm -rf {}'],
  ]);
});

describe('positional parameters', () => {
  yields([
    ['set -- ~ /; rm -rf "$@"', 'rm -rf ~ /'],
    ['set -- "$HOME"; rm -rf "$1"', 'rm -rf $HOME'],
    ['set a /etc; rm -rf $2', 'rm -rf /etc'],
    ['set -- a /etc; shift; rm -rf "$1"', 'rm -rf /etc'],
    ['set -- a b; echo $#', 'echo 2'],
    ['set -- a b; echo "$*"', "echo 'a b'"],
    ['bash -c \'rm -rf "$0"\' ~', 'rm -rf ~'],
    ['bash -c \'rm -rf "$1"\' _ /etc', 'rm -rf /etc'],
    ['sh -c \'rm -rf "$@"\' _ /etc /usr', 'rm -rf /etc /usr'],
    ['f(){ rm -rf "$1"; }; f ~', 'rm -rf ~'],
    ['wipe() { rm -rf "$@"; }; wipe /etc /usr', 'rm -rf /etc /usr'],
    ['function g { rm -rf "${1:-/tmp/x}"; }; g /', 'rm -rf /'],
    ['f() ( rm -rf "$1" ); f ~', 'rm -rf ~'],
    ['f() {\n  rm -rf "$2"\n}\nf a ~/.ssh', 'rm -rf ~/.ssh'],
    ['D=~; f(){ rm -rf "$1"; }; f "$D"', 'rm -rf ~'],
    ['f(){ g "$1"; }; g(){ rm -rf "$1"; }; f /etc', 'rm -rf /etc'],
    ['f(){ for d in "$@"; do rm -rf "$d"; done; }; f a /', 'rm -rf /'],
    ['f(){ bash -c \'rm -rf "$1"\' _ "$1"; }; f ~', 'rm -rf ~'],
  ]);
  neverYields([
    // A function's arguments are its own; the shell's stay unknown outside.
    ['f(){ :; }; f /; rm -rf "$1"', 'rm -rf /'],
    ['set -euo pipefail; rm -rf "$1"', 'rm -rf pipefail'],
    ['set -eo pipefail -x; rm -rf "$1"', 'rm -rf pipefail'],
    // find's {} is each file found.
    ['find . -exec sh -c \'rm -rf "$1"\' _ {} \\;', 'rm -rf {}'],
  ]);
});

describe('arrays and IFS', () => {
  yields([
    ['arr=(/ ~); rm -rf "${arr[@]}"', 'rm -rf / ~'],
    ['declare -a T=("$HOME/.ssh" "$HOME/.aws"); rm -rf "${T[@]}"', 'rm -rf $HOME/.ssh $HOME/.aws'],
    ['x=(build ~); rm -rf ${x[1]}', 'rm -rf ~'],
    ['x=(build ~); rm -rf ${x[-1]}', 'rm -rf ~'],
    ['x=(/); rm -rf $x', 'rm -rf /'],
    ['x=(a); x+=(/etc); rm -rf ${x[*]}', 'rm -rf a /etc'],
    ['x=(a b); echo ${#x[@]}', 'echo 2'],
    ['for d in "${x[@]}"; do :; done; x=(/ ~); for d in "${x[@]}"; do rm -rf "$d"; done', 'rm -rf ~'],
    ['IFS=,; for p in /etc,/usr; do rm -rf $p; done', 'rm -rf /etc /usr'],
    ['IFS=:; P=/bin:/etc; rm -rf $P', 'rm -rf /bin /etc'],
  ]);
  neverYields([
    ['x=(a $(curl x)); rm -rf ${x[1]}', 'rm -rf a'],
    ['x[1]=/; rm -rf ${x[1]}', 'rm -rf /'],
    ['IFS=,; P=/etc,/usr; rm -rf "$P"', 'rm -rf /etc /usr'],
  ]);
});

describe('read loops over known input', () => {
  yields([
    ['while read -r d; do rm -rf "$d"; done <<< "$HOME"', 'rm -rf $HOME'],
    ['echo / | while read d; do rm -rf "$d"; done', 'rm -rf /'],
    ['printf \'/etc\\n/usr\\n\' | while IFS= read -r d; do rm -rf "$d"; done', 'rm -rf /usr'],
    ['while read d; do rm -rf "$d"; done <<EOF\n/etc\n~\nEOF', 'rm -rf ~'],
    ['read -r d <<< /; rm -rf "$d"', 'rm -rf /'],
  ]);
  neverYields([
    ['curl x | while read d; do rm -rf "$d"; done', 'rm -rf '],
    ['while read d; do rm -rf "$d"; done < list.txt', 'rm -rf '],
  ]);
});

describe('known command output', () => {
  yields([
    ['rm -rf "$(dirname /home/dev/project)"', 'rm -rf /home/dev'],
    ['rm -rf "$(dirname "$PWD")"', 'rm -rf $PWD/..'],
    ['rm -rf ${PWD%/*}', 'rm -rf $PWD/..'],
    ['rm -rf $(realpath ~)', 'rm -rf ~'],
    ['rm -rf "$(readlink -f ~)"', 'rm -rf ~'],
    ['rm -rf "$(cd; pwd)"', 'rm -rf ~'],
    ['rm -rf "$(cd /etc && pwd)"', 'rm -rf /etc'],
    ['rm -rf "$(pwd)"/../*', 'rm -rf $PWD/../*'],
    ['cd /srv/app && rm -rf "$(pwd)"', 'rm -rf /srv/app'],
    ['rm -rf "$(eval echo ~dev)"', 'rm -rf ~dev'],
    ['rm -rf "$(git rev-parse --show-toplevel)"/../*', 'rm -rf $PWD/../*'],
    ['ls -d ~ | xargs rm -rf', 'rm -rf ~'],
    ['xargs -a <(echo ~) rm -rf', 'rm -rf ~'],
    ["printf '/etc\\n' > l; xargs -a l rm -rf", 'rm -rf /etc'],
    ['rm -rf ~/"$(basename /x/.ssh)"', 'rm -rf ~/.ssh'],
    ['rm -rf "$(dirname ~/x/)"', 'rm -rf ~'],
  ]);
  neverYields([
    ['rm -rf "$(readlink ~/link)"', 'rm -rf ~/link'],
    ['rm -rf "$(ls ~)"', 'rm -rf ~'],
    ['rm -rf "$(basename ~)"', 'rm -rf ~'],
  ]);
});

describe('values that cannot be known stay as written', () => {
  yields([
    ['X=$(curl x); rm -rf $X', 'rm -rf $X'],
    ['X=safe; read X; rm -rf $X', 'rm -rf $X'],
    ['X=safe; unset X; rm -rf $X', 'rm -rf $X'],
    ['X=safe; source env.sh; rm -rf $X', 'rm -rf $X'],
    // The loop's items are unknown: the view keeps them as written.
    ['for d in "$@"; do rm -rf $d; done', 'rm -rf $@'],
    // A value for the marker of interpreter code's computed targets is never taken (code-paths.ts).
    ['UNKNOWN=build; python3 -c "import shutil; shutil.rmtree(y)"', 'rm -rf $UNKNOWN'],
    ['rm -rf $RANDOM $1', 'rm -rf $RANDOM $1'],
  ]);
  neverYields([
    ['UNKNOWN=build; python3 -c "import shutil; shutil.rmtree(y)"', 'rm -rf build'],
    ['X=$(curl x); rm -rf $X', 'rm -rf'],
    ['X=safe; read X; rm -rf $X', 'rm -rf safe'],
    ['X=safe; mapfile X < f; rm -rf $X', 'rm -rf safe'],
    ['X=safe; printf -v X %s "$Y"; rm -rf $X', 'rm -rf safe'],
    ['X=safe; eval "$CMD"; rm -rf $X', 'rm -rf safe'],
    ['X=a; declare -a X=(b); rm $X', 'rm a'],
    ['X=/ rm -rf $X', 'rm -rf /'],
    ['(X=/); rm -rf $X', 'rm -rf /'],
    ['X=/ | true; rm -rf $X', 'rm -rf /'],
    ['echo $(X=/); rm -rf $X', 'rm -rf /'],
    ['bash -c "X=/"; rm -rf $X', 'rm -rf /'],
    ['for d in $(ls); do rm -rf $d; done', "rm -rf '$(ls)'"],
    ['X=a; rm ${X/a/b}', 'rm a'],
  ]);
});

describe('operators on a variable not known', () => {
  // An unset X takes the default: the view as written (X set) and the default (X unset) both.
  yields([
    ['rm -rf "${WORKDIR:-/}"', 'rm -rf /'],
    ['rm -rf "${WORKDIR:-/}"', 'rm -rf ${WORKDIR:-/}'],
    ['rm -rf ${CACHE_ROOT:-$HOME}', 'rm -rf $HOME'],
    ['rm -rf ${CACHE_ROOT:-$HOME}', 'rm -rf ${CACHE_ROOT:-$HOME}'],
    ['rm -rf ${X-/}', 'rm -rf /'],
    ['rm -rf ${X:=~}', 'rm -rf ~'],
    ['rm -rf ${X=/etc}', 'rm -rf /etc'],
    ['rm -rf "${X:-${HOME}}"', 'rm -rf ${HOME}'],
    ['rm -rf ${X:-~/.ssh}', 'rm -rf ~/.ssh'],
    ['H=~; rm -rf "${X:-$H/.aws}"', 'rm -rf ~/.aws'],
    ['rm -rf ${A:-${B:-/}}', 'rm -rf /'],
    ['rm -rf ${A:-${B:-/}}', 'rm -rf $B'],
    ['rm -rf ${X:+/}', 'rm -rf /'],
    ['rm -rf "${HOME%/}"', 'rm -rf $HOME'],
    ['rm -rf "${HOME%%/}"', 'rm -rf $HOME'],
    ['rm -rf ${HOME#/}', 'rm -rf $HOME'],
    ['rm -rf "${HOME:?HOME is not set}"', 'rm -rf $HOME'],
    ['rm -rf "${HOME?}"', 'rm -rf $HOME'],
    ['rm -rf "${OUT:?}"/*', 'rm -rf $OUT/*'],
    // Stored in a variable, the unknown side is the reference `$X`.
    ['D=${X:-/}; rm -rf $D', 'rm -rf /'],
    ['D=${X:-/}; rm -rf $D', 'rm -rf $X'],
    ['for d in ${X:-/}; do rm -rf "$d"; done', 'rm -rf /'],
    ['rm -rf $(echo ${X:-/})', 'rm -rf /'],
    // A known value made only of references to unknown variables may be empty: the default may apply.
    ['E=$Q; rm -rf ${E:-/}', 'rm -rf /'],
    ['X=; rm -rf ${X:-$HOME}', 'rm -rf $HOME'],
    // What is beyond the operands followed stays as written.
    ['rm -rf ${X:-"/"}', `rm -rf '\${X:-"/"}'`],
    ['rm -rf ${X%/*}', 'rm -rf ${X%/*}'],
  ]);
  neverYields([
    ['X=safe; rm -rf ${X:-/}', 'rm -rf /'],
    ['X=safe; rm -rf ${X-/}', 'rm -rf /'],
    ['rm -rf ${X%/*}', 'rm -rf $X'],
    ['rm -rf ${X%.bak}', 'rm -rf $X'],
    ['rm -rf ${X:-"/"}', 'rm -rf /'],
    ['UNKNOWN=build; rm -rf ${UNKNOWN%/}', 'rm -rf build'],
    ['echo ${X:-$(rm -rf /)}', 'echo'],
  ]);
});

describe('mktemp gives a fresh name', () => {
  yields([
    ['TMP=$(mktemp -d); rm -rf "$TMP"', 'rm -rf /tmp/tmp.XXXXXXXXXX'],
    ['T=$(mktemp); rm -f $T', 'rm -f /tmp/tmp.XXXXXXXXXX'],
    ['T=`mktemp -d`; rm -rf $T', 'rm -rf /tmp/tmp.XXXXXXXXXX'],
    ['T=$(mktemp -d -t x.XXXX); rm -rf $T', 'rm -rf /tmp/x.XXXX'],
    ['T=$(mktemp --tmpdir); rm -rf $T', 'rm -rf /tmp/tmp.XXXXXXXXXX'],
    ['T=$(mktemp --tmpdir build.XXXXXX); rm -rf $T', 'rm -rf /tmp/build.XXXXXX'],
    ['T=$(mktemp -t build); rm -rf $T', 'rm -rf /tmp/build.XXXXXXXX'],
    ['T=$(mktemp -dq --suffix=.d); rm -rf $T', 'rm -rf /tmp/tmp.XXXXXXXXXX.d'],
    ['T=$(mktemp -d ~/x.XXXX); rm -rf $T', 'rm -rf ~/x.XXXX'],
    ['T=$(mktemp -d -p ~ x.XXX); rm -rf $T', 'rm -rf ~/x.XXX'],
    ['T=$(mktemp -d -p "$HOME"); rm -rf $T', 'rm -rf $HOME/tmp.XXXXXXXXXX'],
    ['T=$(mktemp --tmpdir=/srv y.XXX); rm -rf $T', 'rm -rf /srv/y.XXX'],
    ['rm -rf "$(mktemp -d)"', 'rm -rf /tmp/tmp.XXXXXXXXXX'],
    ['rm -rf $(echo build)', 'rm -rf build'],
    // What mktemp would refuse, or prints besides a name, stays unknown.
    ['T=$(mktemp -d ~/foo); rm -rf $T', 'rm -rf $T'],
    ['T=$(mktemp --help); rm -rf $T', 'rm -rf $T'],
    ['T=$(mktemp --tmpdir /abs.XXX); rm -rf $T', 'rm -rf $T'],
  ]);
  neverYields([
    ['T=$(mktemp -d -p ~); rm -rf $T', 'rm -rf ~'],
    ['T=$(mktemp -d ~/foo); rm -rf $T', 'rm -rf ~/foo'],
    ['T=$(mktemp -d ~/); rm -rf $T', 'rm -rf ~/'],
  ]);
});

describe('arguments fed from what is not known', () => {
  yields([
    ['xargs rm -rf < dirs.txt', 'rm -rf $UNKNOWN < dirs.txt'],
    ['cat dirs.txt | xargs rm -rf', 'rm -rf $UNKNOWN'],
    ['find . -name x | xargs rm -rf', 'rm -rf $UNKNOWN'],
    ['find . -name x | xargs -0 -n1 rm -rf', 'rm -rf $UNKNOWN'],
    ['xargs -a dirs.txt rm -rf', 'rm -rf $UNKNOWN'],
    ['echo build | xargs --arg-file=dirs.txt rm -rf', 'rm -rf $UNKNOWN'],
    ['find . | xargs -I{} rm -rf {}', 'rm -rf $UNKNOWN'],
    ['find . | xargs -I % rm -rf ./%', 'rm -rf ./$UNKNOWN'],
    ['git ls-files -z | xargs -0 wc -l', 'wc -l $UNKNOWN'],
    ['parallel rm -rf :::: dirs.txt', 'rm -rf $UNKNOWN'],
    ['parallel rm -rf ::: $(cat x)', 'rm -rf $UNKNOWN'],
    ['parallel -a dirs.txt rm -rf', 'rm -rf $UNKNOWN'],
    ['cat dirs.txt | parallel rm -rf {}', 'rm -rf $UNKNOWN'],
    ['parallel rm -rf ::: build $(cat x)', 'rm -rf build'],
    // A reference to a variable not known stays that reference.
    ['parallel rm -rf ::: $HOME', 'rm -rf $HOME'],
    ['parallel rm -rf ::: "$OUT"', 'rm -rf $OUT'],
    // Known feeds read as before.
    ['echo build | xargs rm -rf', 'rm -rf build'],
    ['parallel ::: "rm -rf ~"', 'rm -rf ~'],
  ]);
  neverYields([
    ['echo build | xargs rm -rf', 'rm -rf $UNKNOWN'],
    ["printf 'dist\\n' | xargs -I{} rm -rf ./{}", 'rm -rf ./$UNKNOWN'],
    ['parallel rm -rf ::: build dist', 'rm -rf $UNKNOWN'],
    ['parallel rm -rf ::: $HOME', "rm -rf '$HOME'"],
    ['parallel rm -rf :::: dirs.txt', 'rm -rf dirs.txt'],
    ['parallel --version', '$UNKNOWN'],
    ['find . | xargs -I{} echo done', 'echo done $UNKNOWN'],
  ]);
});

describe('hostile values stay bounded', () => {
  const cases: [string, string][] = [
    ['a doubling value', `a=x; ${'a=$a$a; '.repeat(30)}rm $a`],
    ['a huge loop', `for x in ${'a '.repeat(10_000)}; do rm $x; done`],
    ['nested loops', `${'for x in a b c d e f g h; do '.repeat(8)}rm $x; ${'done; '.repeat(8)}`],
    ['a long glob trim', `X=${'a'.repeat(4000)}; rm \${X%a*b}`],
  ];
  for (const [name, input] of cases) {
    test(name, () => {
      const started = performance.now();
      const { truncated } = analyzeShell(input);
      assert.ok(performance.now() - started < 500);
      assert.ok(truncated === false || truncated === 'work', String(truncated));
    });
  }

  test('a doubling value is cut off and reported', () => {
    assert.equal(analyzeShell(`a=x; ${'a=$a$a; '.repeat(30)}rm $a`).truncated, 'work');
  });
});

const VERBS = ['rm', 'chmod', 'mv', 'git', 'curl', 'ls', 'cat'];
const verb = fc.constantFrom(...VERBS);
const argument = fc.stringMatching(/^[a-z0-9_./~-]{1,12}$/).filter((text) => !text.includes('~') || text === '~');
const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);
const quoting = fc.constantFrom(
  (text: string) => text,
  (text: string) => `"${text}"`,
);
const reference = fc
  .tuple(name, fc.boolean())
  .map(([variable, braced]) => (braced ? `\${${variable}}` : `$${variable}`));

describe('properties', () => {
  test('a verb held in a variable yields the plain command', () => {
    fc.assert(
      fc.property(verb, fc.array(argument, { maxLength: 4 }), name, quoting, (program, args, variable, quoted) => {
        const plain = [program, ...args].join(' ');
        const expected = analyzeShell(plain).commands[0]!;
        const hidden = `${variable}=${program}; ${quoted(`$${variable}`)} ${args.join(' ')}`;
        assert.ok(analyzeShell(hidden).commands.includes(expected), hidden);
      }),
    );
  });

  test('an argument taken from a loop yields the plain command', () => {
    fc.assert(
      fc.property(verb, argument, reference, quoting, (program, arg, ref, quoted) => {
        const variable = ref.replace(/[${}]/g, '');
        const expected = analyzeShell(`${program} ${arg}`).commands[0]!;
        const looped = `for ${variable} in ${arg}; do ${program} ${quoted(ref)}; done`;
        assert.ok(analyzeShell(looped).commands.includes(expected), looped);
      }),
    );
  });

  test('a default operand never removes a dangerous alternative', () => {
    const dangerous = fc.constantFrom('/', '~', '$HOME', '/etc', '~/.ssh', '..', '/home/dev');
    const operator = fc.constantFrom(':-', '-', ':=', '=');
    fc.assert(
      fc.property(name, dangerous, operator, quoting, (variable, target, op, quoted) => {
        const expected = analyzeShell(`rm -rf ${target}`).commands[0]!;
        const written = `rm -rf ${quoted(`\${${variable}${op}${target}}`)}`;
        const { commands } = analyzeShell(written);
        assert.ok(commands.includes(expected), `${written}: ${JSON.stringify(commands)}`);
        // The side where the variable is set stays unknown: the expansion keeps its spelling.
        assert.ok(
          commands.some((view) => view.includes(`\${${variable}${op}`)),
          `${written}: ${JSON.stringify(commands)}`,
        );
      }),
    );
  });

  test('a default taken through a variable keeps both sides', () => {
    const dangerous = fc.constantFrom('/', '~', '/etc', '~/.ssh');
    fc.assert(
      fc.property(name, name, dangerous, (variable, holder, target) => {
        fc.pre(variable !== holder && holder !== 'UNKNOWN');
        const written = `${holder}=\${${variable}:-${target}}; rm -rf "$${holder}"`;
        const { commands } = analyzeShell(written);
        assert.ok(commands.includes(`rm -rf ${target}`), `${written}: ${JSON.stringify(commands)}`);
        assert.ok(commands.includes(`rm -rf $${variable}`), `${written}: ${JSON.stringify(commands)}`);
      }),
    );
  });

  test("mktemp's name is never the folder it is made in", () => {
    const folder = fc.constantFrom('~', '/', '$HOME', '/home/dev', '.', '..', '/etc');
    const prefix = fc.stringMatching(/^[a-z0-9_.-]{0,8}$/);
    const form = fc.constantFrom(
      (dir: string, template: string) => `mktemp -d ${dir}/${template}`,
      (dir: string, template: string) => `mktemp -d -p ${dir} ${template}`,
      (dir: string, template: string) => `mktemp --tmpdir=${dir} ${template}`,
      (dir: string) => `mktemp -d -p ${dir}`,
    );
    fc.assert(
      fc.property(folder, prefix, fc.integer({ min: 0, max: 12 }), form, (dir, start, xs, made) => {
        const template = `${start}${'X'.repeat(xs)}`;
        const written = `T=$(${made(dir, template)}); rm -rf "$T"`;
        const { commands } = analyzeShell(written);
        for (const target of [dir, `${dir}/`, `${dir}/*`]) {
          assert.ok(!commands.includes(`rm -rf ${target}`), `${written}: ${JSON.stringify(commands)}`);
        }
      }),
    );
  });

  test('arguments fed from a stream not known read as an unknown argument, known ones never do', () => {
    const feeder = fc.constantFrom('cat list', 'find . -type d', 'ls', 'git ls-files', 'curl -s x');
    const known = fc.array(
      argument.filter((text) => !text.startsWith('-')),
      { minLength: 1, maxLength: 3 },
    );
    fc.assert(
      fc.property(verb, feeder, known, (program, source, args) => {
        const unknown = analyzeShell(`${source} | xargs ${program}`).commands;
        assert.ok(unknown.includes(`${program} $UNKNOWN`), JSON.stringify(unknown));
        const fed = analyzeShell(`echo ${args.join(' ')} | xargs ${program}`).commands;
        assert.ok(!fed.some((view) => view.includes('$UNKNOWN')), JSON.stringify(fed));
      }),
    );
  });

  test('a literal path given to a function reaches its body', () => {
    const path = fc.constantFrom('/', '~', '/etc', '~/.ssh', '$HOME', '/home/dev', '..', 'build', '/tmp/x');
    const form = fc.constantFrom(
      (p: string) => `f(){ rm -rf "$1"; }; f ${p}`,
      (p: string) => `f() { rm -rf "$@"; }\nf ${p}`,
      (p: string) => `function f { rm -rf $1; }; f ${p}`,
      (p: string) => `set -- ${p}; rm -rf "$1"`,
      (p: string) => `bash -c 'rm -rf "$0"' ${p}`,
    );
    fc.assert(
      fc.property(path, form, (p, written) => {
        const expected = analyzeShell(`rm -rf ${p}`).commands[0]!;
        const { commands } = analyzeShell(written(p));
        assert.ok(commands.includes(expected), `${written(p)}: ${JSON.stringify(commands)}`);
      }),
    );
  });

  test('random lines with variables never throw and stay within the work budget', () => {
    const piece = fc.constantFrom(
      'X=',
      'X+=',
      '$X',
      '${X%/}',
      '${X:-~}',
      '${Y:-$X}',
      '${X%/}',
      '${Z:+/}',
      '$(mktemp -d ',
      ' :::: ',
      ' < ',
      '"$X"',
      '$(echo ',
      ')',
      'for X in ',
      '; do ',
      '; done',
      'eval ',
      ' | xargs ',
      'parallel ',
      ' ::: ',
      '{}',
      ' ',
      ';',
      '(',
      'rm',
      '~',
      '/',
      'export ',
      'read ',
      'f(){ ',
      ' }',
      'f ',
      '"$@"',
      '$1',
      'set -- ',
      'A=(',
      '${A[@]}',
      'while read X',
      ' <<< ',
      'IFS=, ',
      '> x.sh',
      'bash x.sh',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const started = performance.now();
        const { truncated } = analyzeShell(pieces.join(''));
        assert.notEqual(truncated, 'error');
        // Budget units are about a quarter of a microsecond; allow generous slack for a loaded machine.
        assert.ok(performance.now() - started < (MAX_WORK / 4000) * 20);
      }),
    );
  });
});
