// The paths a command deletes, overwrites, moves or re-permissions, resolved as the file system will see them
// (symbolic-path.ts) from the folders the command may run in (working-directories.ts), so that one rule on the
// `target` field covers every spelling: `rm -rf ~/`, `rm -rf "$HOME"`, `rm -rf /home/dev/../dev`,
// `cd ~ && rm -rf .` and `rm -rf ${HOME%/}` all have the target `~` (or, placed against the call's folders by
// the evaluator, the same absolute path).
//
// Which words are targets: every operand of rm, rmdir, unlink, shred, srm, truncate and tee; the operands after
// the mode or owner of chmod, chown and chgrp; both ends of mv; the destination of cp, install, ln and rsync
// (and rsync's sources when it removes them); the start folders of find; `of=` of dd; what sponge, fallocate,
// sed -i, sort -o, curl -o, wget -O and ssh-keygen -f write over; what tar --remove-files and zip -m take away. Options are skipped, with
// the values of those that take one; `--` ends them. Other commands' operands are no targets: their rules read
// the command. The file any command's `>`, `2>` or `&>` empties is a target of the view `> FILE`.
import { globReadings } from './glob-readings';
import type { LineLinks } from './line-links';
import { commandName } from './render';
import {
  isRelativePath,
  joinSymbolicPath,
  parseSymbolicPath,
  renderSymbolicPath,
  type SymbolicPath,
} from './symbolic-path';
import type { Redirect } from './syntax';
import type { Word } from './word';

type Operands = (operands: readonly string[], words: readonly string[]) => readonly string[];

const all: Operands = (operands) => operands;
const afterFirst: Operands = (operands, words) =>
  words.some((word) => word.startsWith('--reference')) ? operands : operands.slice(1);
const last: Operands = (operands, words) => {
  const into = optionValue(words, '-t', '--target-directory');
  return into === undefined ? operands.slice(-1) : [into];
};
/** `ln target` alone makes a link of the target's name in the working folder. */
const linked: Operands = (operands, words) =>
  operands.length === 1 ? [operands[0]!.slice(operands[0]!.lastIndexOf('/') + 1)] : last(operands, words);
/** tee empties its files unless it appends (`-a` before `--`: after it, `-a` is a file). */
const written: Operands = (operands, words) => {
  const end = words.indexOf('--');
  const options = end < 0 ? words : words.slice(0, end);
  return options.some((word) => /^(-[a-zA-Z]*a[a-zA-Z]*|--append)$/.test(word)) ? [] : operands;
};
/** sed -i rewrites its files: the operands after the script (the first, unless -e or -f gave it). */
const inPlace: Operands = (operands, words) => {
  if (!words.some((word) => /^(-[a-zA-Z]*i|--in-place)/.test(word))) return [];
  return words.some((word) => /^(-e|-f|--expression|--file)/.test(word)) ? operands : operands.slice(1);
};
/** The value of an option that names the file written (`-o FILE`, `-oFILE`, `--output=FILE`). */
const valueOf = (words: readonly string[], short: string, long?: string): string[] => {
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    // `-o FILE`, or a cluster of flags that ends in it (`-so FILE`).
    const clustered = short.length === 2 && /^-[a-zA-Z]+$/.test(word) && word.endsWith(short[1]!);
    if ((clustered || word === long) && words[i + 1] !== undefined) return [words[i + 1]!];
    if (long && word.startsWith(`${long}=`)) return [word.slice(long.length + 1)];
    if (word.startsWith(short) && word.length > short.length && !word.startsWith('--'))
      return [word.slice(short.length)];
  }
  return [];
};
/** rsync changes its destination, and its sources too when it removes them. */
const synced: Operands = (operands, words) =>
  words.includes('--remove-source-files') ? operands : last(operands, words);
const moved: Operands = (operands, words) => {
  const into = optionValue(words, '-t', '--target-directory');
  return into === undefined ? operands : [...operands, into];
};

interface Verb {
  operands: Operands;
  /** Short options that take the next word as their value. */
  valued?: string;
}

const VERBS: Record<string, Verb> = {
  rm: { operands: all },
  rmdir: { operands: all },
  unlink: { operands: all },
  shred: { operands: all, valued: 'ns' },
  srm: { operands: all },
  wipe: { operands: all },
  gio: { operands: (operands) => (operands[0] === 'remove' || operands[0] === 'trash' ? operands.slice(1) : []) },
  truncate: { operands: all, valued: 'sr' },
  tee: { operands: written },
  chmod: { operands: afterFirst },
  chown: { operands: afterFirst },
  chgrp: { operands: afterFirst },
  mv: { operands: moved, valued: 'tS' },
  cp: { operands: last, valued: 'tS' },
  install: { operands: last, valued: 'tmogS' },
  ln: { operands: linked, valued: 'tS' },
  rsync: { operands: synced, valued: 'efT' },
  sponge: { operands: all },
  fallocate: { operands: last, valued: 'olx' },
  sort: { operands: (_operands, words) => valueOf(words, '-o', '--output') },
  sed: { operands: inPlace, valued: 'ef' },
  curl: { operands: (_operands, words) => valueOf(words, '-o', '--output') },
  wget: { operands: (_operands, words) => valueOf(words, '-O', '--output-document') },
  'ssh-keygen': {
    operands: (_operands, words) => (/(^|\s)-[lyFRB]/.test(words.join(' ')) ? [] : valueOf(words, '-f')),
  },
  tar: { operands: (operands, words) => (words.includes('--remove-files') ? operands : []), valued: 'fCT' },
  zip: {
    operands: (operands, words) =>
      /(^|\s)(-[a-zA-Z]*m[a-zA-Z]*|--move)(\s|$)/.test(words.join(' ')) ? operands.slice(1) : [],
  },
};

/** Redirections that empty the file before the command writes (`>`, `>|`, `2>`, `&>`), not appends. */
const OVERWRITES = /^[0-9]*>$|^&>$/;
/** Where output goes without changing a file. */
const NOT_A_FILE = /^\/dev\/(null|std(out|err)|tty|fd\/[0-9]+)$/;

/**
 * The files a command's redirections empty before it writes, as written. Each is a target of its own view
 * `> FILE` (the shell command that does just that), not of the command's: `rm -rf build > log` deletes build.
 */
export function overwrittenFiles(redirects: readonly Redirect[]): string[] {
  return redirects.flatMap(({ op, target }) =>
    target && OVERWRITES.test(op) && !NOT_A_FILE.test(target.text) ? [target.text] : [],
  );
}

/** The words of a command that name the paths it changes, as written (after values were filled in). */
export function targetWords(words: readonly Word[]): string[] {
  const name = words[0] === undefined ? undefined : commandName(words[0]);
  if (name === undefined) return [];
  // An empty argument names no file (`rm -rf ''` deletes nothing).
  const texts = words
    .slice(1)
    .map((word) => word.text)
    .filter((text) => text !== '');
  if (name === 'find') return findStarts(texts);
  if (name === 'dd') return texts.filter((text) => text.startsWith('of=')).map((text) => text.slice(3));
  const verb = Object.hasOwn(VERBS, name) ? VERBS[name]! : undefined;
  return verb ? [...verb.operands(operandsOf(texts, verb.valued ?? ''), texts)] : [];
}

/** Paths from the folder the line started in, whatever `cd` did since: `$PWD/x` before any `cd`, `~+/x`. */
const FROM_START = /^(?:\$PWD|\$\{PWD\}|~\+)(?:\/|$)/;

/**
 * The targets a command's path words have when it runs in any of `folders` (symbolic paths), each also read
 * through the links the line made before it, as the names that matter its globs match (glob-readings.ts), and
 * `~` also as each of `homes`: the values the line gave HOME,
 * which bash's `~` expands to (`HOME=/; rm -rf ~/etc` deletes /etc).
 */
export function resolveTargets(
  texts: readonly string[],
  folders: readonly SymbolicPath[],
  links: LineLinks,
  homes: readonly string[] = [],
): string[] {
  const targets = new Set<string>();
  const add = (path: SymbolicPath): void => {
    for (const linked of links.readings(path)) {
      for (const reading of [linked, ...globReadings(linked)]) targets.add(renderSymbolicPath(reading));
    }
    if (path.start !== '~') return;
    const rest: SymbolicPath = { start: '.', segments: path.segments };
    for (const home of homes) targets.add(renderSymbolicPath(joinSymbolicPath(parseSymbolicPath(home), rest, false)));
  };
  for (const text of texts) {
    // `..` stays for the evaluator to fold through links (symbolic-path.ts).
    const path = parseSymbolicPath(text, false);
    if (!isRelativePath(path) || FROM_START.test(text)) add(path);
    else for (const folder of folders) add(joinSymbolicPath(folder, path, false));
  }
  return [...targets];
}

function operandsOf(texts: readonly string[], valued: string): string[] {
  const operands: string[] = [];
  let options = true;
  for (let i = 0; i < texts.length; i += 1) {
    const text = texts[i]!;
    if (options && text === '--') options = false;
    else if (options && /^-[^-]/.test(text)) {
      // `-n 3`, but `-n3` carries its value.
      if (text.length === 2 && valued.includes(text[1]!)) i += 1;
    } else if (!(options && text.startsWith('--'))) operands.push(text);
  }
  return operands;
}

function optionValue(words: readonly string[], short: string, long: string): string | undefined {
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    if (word === short || word === long) return words[i + 1];
    if (word.startsWith(`${long}=`)) return word.slice(long.length + 1);
  }
  return undefined;
}

/** find's start folders: the words before its first test or option (`.` when there are none). */
function findStarts(texts: readonly string[]): string[] {
  const starts: string[] = [];
  for (const text of texts) {
    if (/^[-(!]/.test(text) && !['-H', '-L', '-P'].includes(text)) break;
    if (!/^-[HLP]$/.test(text)) starts.push(text);
  }
  return starts.length > 0 ? starts : ['.'];
}
