// Two more languages whose code runs commands, read by statements rather than scanned for calls:
//
// A Makefile fed on stdin (`make -f /dev/stdin <<< $'all:\n\trm -rf ~'`, `make -f - <<EOF`): its recipe lines
// (a tab first, or after the `;` of a rule line) are shell command lines, run by make's shell. `@`, `-` and `+`
// before a recipe are make's; `$$` is `$`, and `$(NAME)`/`${NAME}` read as the shell's `${NAME}` (make passes
// the environment as variables, so `$(HOME)` is the home directory). A Makefile on disk is not known here.
//
// Tcl (`tclsh`, `wish`, `expect -c`): `exec PROGRAM ARGS…` runs the program (`exec rm -rf $env(HOME)`),
// `file delete [-force] PATH…` is `rm` (`rm -rf` with -force), `file rename` is `mv`; `$env(HOME)` (also
// `$::env(HOME)`, USERPROFILE) is `~`, any other substitution UNKNOWN_TARGET. Braced bodies of if/for/foreach/
// while/proc/catch/eval are read as commands too. Linear, bounded in depth.
import { UNKNOWN_TARGET } from './code-paths';
import type { InterpreterInvocation } from './interpreters';
import { optionValue, readOptions } from './options';
import { quote } from './render';
import { isBareText, type Word } from './word';

const MAKE_OPTIONS = {
  short: 'fCIjloW',
  long: ['--file', '--makefile', '--directory', '--include-dir', '--jobs', '--load-average', '--old-file', '--what-if'],
};

/** `make -f -` and `make -f /dev/stdin` read their Makefile on stdin; any other make runs files on disk. */
export function makeInvocation(words: readonly Word[]): InterpreterInvocation {
  const read = readOptions(words, 1, MAKE_OPTIONS);
  const file = optionValue(read, '-f', '--file') ?? optionValue(read, '--makefile');
  return { readsStdin: file === '-' || file === '/dev/stdin' };
}

/** The recipe lines of a Makefile, as shell command lines (see the header). */
export function makeRecipes(makefile: string): string[] {
  const found: string[] = [];
  const lines = makefile.replace(/[ \t]*\\\r?\n[ \t]*/g, ' ').split('\n');
  for (const line of lines) {
    let recipe: string | undefined;
    if (line.startsWith('\t')) recipe = line.slice(1);
    else if (/^[^\t#=]*?:(?!=)[^;=]*;/.test(line)) recipe = line.slice(line.indexOf(';') + 1);
    if (recipe === undefined) continue;
    const command = recipe
      .replace(/^[\s@+-]+/, '')
      .replace(/\$(?:\$|\(([A-Za-z_]\w*)\)|\{([A-Za-z_]\w*)\}|([A-Za-z_@<^*?]))/g, (text, paren, brace, single) => {
        if (text === '$$') return '$';
        const name = (paren ?? brace ?? single) as string;
        return /^[A-Za-z_]\w*$/.test(name) && name.length > 1 ? `\${${name}}` : UNKNOWN_TARGET;
      })
      .trim();
    if (command !== '') found.push(command);
  }
  return found;
}

/** Nesting of braced bodies read as Tcl commands. */
const MAX_TCL_DEPTH = 8;
const TCL_BODIES = new Set(['if', 'elseif', 'else', 'for', 'foreach', 'while', 'proc', 'catch', 'eval', 'then']);

/** The shell command lines equivalent to the Tcl `code` (see the header). */
export function tclCommands(code: string, depth = 0): string[] {
  const found: string[] = [];
  for (const words of tclStatements(code)) {
    const [name, ...args] = words.map((word) => word.text);
    if (name === undefined) continue;
    if (TCL_BODIES.has(name) && depth < MAX_TCL_DEPTH) {
      for (const word of words.slice(1)) if (word.braced) found.push(...tclCommands(word.text, depth + 1));
      continue;
    }
    const shell = words.slice(1).map(tclWord);
    if (name === 'exec') {
      const end = args.findIndex((arg) => arg === '&' || /^[<>2]/.test(arg));
      found.push(shell.slice(0, end < 0 ? undefined : end).join(' '));
    } else if (name === 'file' && (args[0] === 'delete' || args[0] === 'rename')) {
      const force = args.includes('-force');
      const operands = shell.slice(1).filter((_, i) => !/^-(?:force|-)$/.test(args[i + 1]!));
      if (operands.length === 0) continue;
      found.push(args[0] === 'delete' ? `rm ${force ? '-rf ' : ''}${operands.join(' ')}` : `mv ${operands.join(' ')}`);
    }
  }
  return found;
}

interface TclWord {
  text: string;
  braced: boolean;
}

/** The words of each Tcl command: split at newlines and `;`, braces keep their text, quotes are removed. */
function tclStatements(code: string): TclWord[][] {
  const all: TclWord[][] = [];
  let words: TclWord[] = [];
  let i = 0;
  const end = (): void => {
    if (words.length > 0) all.push(words);
    words = [];
  };
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\n' || c === ';') {
      end();
      i += 1;
    } else if (c === ' ' || c === '\t' || c === '\r') {
      i += 1;
    } else if (c === '#' && words.length === 0) {
      const newline = code.indexOf('\n', i);
      i = newline < 0 ? code.length : newline;
    } else if (c === '{') {
      const close = matching(code, i, '{', '}');
      words.push({ text: code.slice(i + 1, close), braced: true });
      i = close + 1;
    } else {
      let text = '';
      let quoted = false;
      while (i < code.length && (quoted || !/[\s;]/.test(code[i]!))) {
        const d = code[i]!;
        if (d === '\\' && i + 1 < code.length) {
          text += code[i + 1];
          i += 2;
        } else if (d === '"') {
          quoted = !quoted;
          i += 1;
        } else if (d === '[') {
          const close = matching(code, i, '[', ']');
          text += code.slice(i, close + 1);
          i = close + 1;
        } else {
          text += d;
          i += 1;
        }
      }
      words.push({ text, braced: false });
    }
  }
  end();
  return all;
}

/** The index of the bracket closing the one at `open` (nested pairs skipped), or the end of the code. */
function matching(code: string, open: number, opener: string, closer: string): number {
  let depth = 0;
  for (let i = open; i < code.length; i += 1) {
    if (code[i] === '\\') i += 1;
    else if (code[i] === opener) depth += 1;
    else if (code[i] === closer && --depth === 0) return i;
  }
  return code.length;
}

const TCL_HOME = /^\$(?:::)?env\((?:HOME|USERPROFILE)\)/;

/** A Tcl word as a shell word: home is `~`, other substitutions UNKNOWN_TARGET. */
function tclWord(word: TclWord): string {
  if (word.braced) return word.text === '' || !isBareText(word.text) ? quote(word.text) : word.text;
  const home = TCL_HOME.exec(word.text);
  const rest = home ? word.text.slice(home[0].length) : word.text;
  if (/[$[]/.test(rest)) return UNKNOWN_TARGET;
  const shell = rest === '' || isBareText(rest) ? rest : quote(rest);
  return home ? `~${shell}` : shell === '' ? "''" : shell;
}
