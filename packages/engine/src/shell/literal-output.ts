// Text whose content is known before anything runs: a heredoc's body, and what `echo`, `printf` or
// `cat <<EOF` write. Piped into a shell (`echo 'rm -rf /' | sh`) it is code and gets analysed.
// Also what `mktemp` prints, as a stand-in (mktempOutput): the name of a fresh file or folder; and what the
// path commands print of literal operands: `dirname` (`dirname /home/dev/x` → `/home/dev`, of a path that is
// only `~` or a reference, its parent: `dirname "$PWD"` → `$PWD/..`), `basename`, `realpath`/`readlink -f`
// (the path as given: which links it goes through is not known here, and it names the same place), and
// `ls -d` of paths without globs (it prints them), and `ls GLOB` (the glob stands for what it matches).
import { SIMPLE_REFERENCES } from './word-references';
import { decodeAnsiC } from './ansi-c';
import { commandName } from './render';
import type { Heredoc, ParsedCommand } from './syntax';
import type { Word } from './word';

/**
 * The folder mktemp creates in when told no other: `$TMPDIR` when set, else `/tmp` (GNU; macOS's `$TMPDIR` is a
 * per-user `/var/folders/…/T`). Written `/tmp`: `$TMPDIR` would read, in a view, as a target not known (and as
 * `/…` were it empty), where mktemp's answer is always a fresh name in a temporary folder.
 */
const TEMPORARY_FOLDER = '/tmp';
/** mktemp's template when given none; the X's stand for the random characters it fills in. */
const DEFAULT_TEMPLATE = 'tmp.XXXXXXXXXX';

/** The text a heredoc delivers: literal if its delimiter was quoted, else with `\$`, `` \` ``, `\\` unescaped. */
export function heredocText(heredoc: Heredoc & { body: string }): string {
  return heredoc.quoted ? heredoc.body : heredoc.body.replace(/\\([$`\\])|\\\n/g, '$1');
}

/** What `command` writes to stdout when that is evident from its words alone; undefined otherwise. */
export function literalOutput(command: ParsedCommand): string | undefined {
  const [first, ...rest] = command.words;
  if (!first) return undefined;
  const args = rest.map((word) => word.text);
  switch (commandName(first)) {
    case 'echo':
      return echoOutput(args);
    case 'printf':
      return printfOutput(args);
    case 'cat':
      return args.every((arg) => arg === '-') ? stdinText(command) : undefined;
    default:
      return pathOutput(commandName(first), args);
  }
}

/** Most operands a path command's output is worked out for. */
const MAX_PATH_OPERANDS = 64;

/** What `dirname`, `basename`, `realpath`, `readlink -f` and `ls -d` print of literal operands. */
function pathOutput(name: string, args: readonly string[]): string | undefined {
  if (!PATH_COMMANDS.has(name) || args.length > MAX_PATH_OPERANDS) return undefined;
  const flags = args.filter((arg) => arg.startsWith('-') && arg !== '-' && arg !== '--');
  const operands = args.filter((arg) => !arg.startsWith('-') || arg === '-');
  // `ls GLOB` prints what the glob matches (the files; a folder's contents): the glob stands for them.
  if (name === 'ls' && operands.length > 0 && operands.every(isFileGlob) && flags.every((f) => /^-[1AaLH]+$/.test(f))) {
    return operands.join('\n');
  }
  if (operands.some((operand) => !isPlainPath(operand))) return undefined;
  switch (name) {
    case 'dirname':
      return flags.length === 0 && operands.length > 0 ? operands.map(parentOf).join('\n') : undefined;
    case 'basename':
      return flags.length === 0 && operands.length >= 1 && operands.length <= 2 ? baseOf(operands) : undefined;
    case 'realpath':
      return flags.every((flag) => /^-[emsqLP]+$/.test(flag)) && operands.length > 0 ? operands.join('\n') : undefined;
    case 'readlink':
      return flags.some((flag) => /^-[a-z]*[fem]/.test(flag) || /^--canonicalize/.test(flag)) &&
        flags.every((flag) => /^-[femnqsv]+$/.test(flag) || /^--canonicalize(-existing|-missing)?$/.test(flag)) &&
        operands.length > 0
        ? operands.join('\n')
        : undefined;
    default:
      // ls -d prints the operands themselves (the default `.`); other flags change what it prints.
      if (!flags.some((flag) => flag.includes('d')) || !flags.every((flag) => /^-[dAa1LH]+$/.test(flag))) {
        return undefined;
      }
      return operands.length === 0 ? '.' : operands.join('\n');
  }
}

const PATH_COMMANDS = new Set(['dirname', 'basename', 'realpath', 'readlink', 'ls']);

/** A path operand taken as it is: no globs, quotes or expansions but references to variables not known. */
/** A path whose last segment is a glob, and nothing else special. */
function isFileGlob(path: string): boolean {
  const slash = path.lastIndexOf('/');
  return /[*?[]/.test(path.slice(slash + 1)) && isPlainPath(path.slice(0, slash + 1)) && !/[`'"\\\n$]/.test(path);
}

function isPlainPath(path: string): boolean {
  return !/[*?[\]{}`'"\\\n]/.test(path) && !path.replace(SIMPLE_REFERENCES, '').includes('$');
}

/** `dirname PATH`: textual, as dirname does it; the parent of a `~`, `~user` or reference alone is `…/..`. */
export function parentOf(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return path === '' ? '.' : '/';
  if (/^~[A-Za-z0-9._-]*$/.test(trimmed) || trimmed.replace(SIMPLE_REFERENCES, '') === '') return `${trimmed}/..`;
  const slash = trimmed.lastIndexOf('/');
  if (slash < 0) return '.';
  const parent = trimmed.slice(0, slash).replace(/\/+$/, '');
  return parent === '' ? '/' : parent;
}

/** `basename PATH [SUFFIX]`; undefined when the last component is not known (a `~` or a reference). */
function baseOf([path, suffix]: readonly string[]): string | undefined {
  const trimmed = path!.replace(/\/+$/, '');
  if (trimmed === '') return path === '' ? '' : '/';
  const base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  if (base.includes('$') || (base.startsWith('~') && !trimmed.includes('/'))) return undefined;
  return suffix && base !== suffix && base.endsWith(suffix) ? base.slice(0, -suffix.length) : base;
}

function echoOutput(args: string[]): string {
  let escapes = false;
  let i = 0;
  for (; i < args.length && /^-[neE]+$/.test(args[i]!); i += 1) {
    const flags = args[i]!;
    escapes = flags.lastIndexOf('e') > flags.lastIndexOf('E');
  }
  const text = args.slice(i).join(' ');
  return escapes ? decodeAnsiC(text) : text;
}

const CONVERSION = /%(?:%|[-+ #0-9.]*([a-zA-Z]))/g;

/** printf's output for the common cases: `%s`/`%b`/numeric conversions filled in order, escapes decoded. */
function printfOutput(args: string[]): string | undefined {
  const start = args[0] === '--' ? 1 : 0;
  const format = args[start];
  if (format === undefined || args[start] === '-v') return undefined;
  const values = args.slice(start + 1);
  let next = 0;
  const parts: string[] = [];
  let last = 0;
  for (const match of format.matchAll(CONVERSION)) {
    parts.push(decodeAnsiC(format.slice(last, match.index)));
    last = match.index + match[0].length;
    if (match[1] === undefined) {
      parts.push('%');
      continue;
    }
    const value = values[next++] ?? '';
    parts.push(match[1] === 'b' ? decodeAnsiC(value) : value);
  }
  parts.push(decodeAnsiC(format.slice(last)));
  return parts.join('');
}

/** The heredoc or herestring a command reads as stdin. */
function stdinText(command: ParsedCommand): string | undefined {
  for (const redirect of command.redirects.toReversed()) {
    const { heredoc } = redirect;
    if (heredoc?.body !== undefined) return heredocText({ ...heredoc, body: heredoc.body });
    if (redirect.op === '<<<' && redirect.target) return redirect.target.text;
  }
  return undefined;
}

/**
 * The name `mktemp` prints, as it would be but for the random characters (its template's X's are kept):
 * `mktemp`, `mktemp -d`, `mktemp -d -t x.XXXX`, `mktemp --tmpdir` give `/tmp/tmp.XXXXXXXXXX` or
 * `/tmp/x.XXXX` (TEMPORARY_FOLDER); a template with a folder, or `-p DIR` / `--tmpdir=DIR`, gives a name in that
 * folder (`mktemp -d ~/x.XXXX` → `~/x.XXXX`), always a fresh name, never the folder itself. Undefined when the
 * command is not mktemp, or when mktemp would fail or print something else (`--help`, a template with fewer
 * than three X's in its last component, an absolute template with `--tmpdir`) or several names.
 */
export function mktempOutput(words: readonly Word[]): string | undefined {
  if (words[0] === undefined || commandName(words[0]) !== 'mktemp') return undefined;
  const args = words.slice(1).map((word) => word.text);
  let folder: string | undefined;
  let inTemporaryFolder = false;
  let oneComponent = false;
  let suffix = '';
  const templates: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--') {
      templates.push(...args.slice(i + 1));
      break;
    }
    if (arg === '--directory' || arg === '--dry-run' || arg === '--quiet') continue;
    if (arg === '--tmpdir') inTemporaryFolder = true;
    else if (arg.startsWith('--tmpdir=')) folder = arg.slice('--tmpdir='.length);
    else if (arg.startsWith('--suffix=')) suffix = arg.slice('--suffix='.length);
    else if (arg === '--suffix') suffix = args[++i] ?? '';
    else if (arg.startsWith('--')) return undefined;
    else if (arg.startsWith('-') && arg.length > 1) {
      // Grouped flags (`-dq`), then `-t` or `-p DIR` / `-pDIR`.
      const flags = /^-([dqu]*)(t?)([dqu]*)(?:p(.*))?$/.exec(arg);
      if (!flags) return undefined;
      if (flags[2]) oneComponent = true;
      if (flags[4] !== undefined) {
        folder = flags[4] !== '' ? flags[4] : args[++i];
        if (folder === undefined) return undefined;
      }
    } else templates.push(arg);
  }
  if (templates.length > 1) return undefined;
  let template = templates[0] ?? DEFAULT_TEMPLATE;
  if (oneComponent && template.includes('/')) return undefined;
  // BSD's `-t prefix` (macOS) adds the random part to a prefix: `mktemp -t build` → `$TMPDIR/build.XXXXXXXX`.
  if (oneComponent && !template.includes('XXX')) template += '.XXXXXXXX';
  const last = template.slice(template.lastIndexOf('/') + 1);
  if (!last.includes('XXX')) return undefined;
  const relative = folder !== undefined || inTemporaryFolder || oneComponent || templates.length === 0;
  if (!relative) return template + suffix;
  if (template.startsWith('/')) return undefined;
  const base = folder === undefined || folder === '' ? TEMPORARY_FOLDER : folder;
  return `${base.endsWith('/') ? base : `${base}/`}${template}${suffix}`;
}
