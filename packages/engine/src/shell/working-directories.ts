// The folders each command of a command line may run in, as far as the line itself tells: `cd build && rm -rf *`
// empties build, not the project. Folders are symbolic paths (symbolic-path.ts): the line starts in `.`.
//
// A `cd` that can fail leaves two possibilities, so both are kept: after `cd build; rm -rf *` or
// `cd build || true; rm -rf *` the `*` may be the project's own contents (a missing build). Only `&&` makes the
// next command run in the new folder alone, and `cd x &` changes nothing (it runs in a background subshell);
// a subshell's `cd` is undone when it closes, and a pipeline's stages each run in their own subshell.
// Unknown (UNKNOWN_TARGET): `cd -`, `popd`, `pushd` without a folder or with `+N`, a folder whose value is not
// known, and any `cd` of a bare name when the line could make bash look it up elsewhere (CDPATH, cdable_vars,
// aliases, a function named cd).
import { UNKNOWN_TARGET } from './code-paths';
import { MAX_VALUES } from './limits';
import { joinSymbolicPath, parseSymbolicPath, renderSymbolicPath, type SymbolicPath } from './symbolic-path';
import type { ListOperator } from './syntax';
import type { Word } from './word';

const CHANGES_DIRECTORY = new Set(['cd', 'pushd', 'popd']);
/** What makes bash resolve `cd name` other than as `./name`. */
const LOOKUP_ELSEWHERE = /CDPATH|cdable_vars|expand_aliases|\b(?:cd|pushd)\s*\(\s*\)|function\s+(?:cd|pushd)\b/;
const START: readonly SymbolicPath[] = [{ start: '.', segments: [] }];
const UNKNOWN: readonly SymbolicPath[] = [{ start: UNKNOWN_TARGET, segments: [] }];

/** Whether the command is a `cd`, `pushd` or `popd` (also behind `builtin` or `command`). */
export function changesDirectory(words: readonly Word[]): boolean {
  const name = withoutBuiltin(words)[0]?.text;
  return name !== undefined && CHANGES_DIRECTORY.has(name);
}

export class WorkingDirectories {
  private readonly scopes: (readonly SymbolicPath[])[] = [START];
  private readonly namesLookedUpElsewhere: boolean;

  constructor(commandLine: string) {
    this.namesLookedUpElsewhere = LOOKUP_ELSEWHERE.test(commandLine);
  }

  /** Where the next command may run. */
  get current(): readonly SymbolicPath[] {
    return this.scopes.at(-1)!;
  }

  openScope(): void {
    this.scopes.push(this.current);
  }

  closeScope(): void {
    if (this.scopes.length > 1) this.scopes.pop();
  }

  /** Opens a scope whose commands run in `folders` (a wrapper that moves first, such as `env -C`). */
  openScopeIn(folders: readonly SymbolicPath[]): void {
    this.scopes.push(folders);
  }

  /**
   * Follows a `cd`, `pushd` or `popd` given as each of `alternatives` (the command's words with the values
   * known for them); returns the new folders as PWD's values, or undefined when the command changes no folder.
   */
  change(alternatives: readonly (readonly Word[])[], listOperator: ListOperator | undefined): string[] | undefined {
    const commands = alternatives.map(withoutBuiltin);
    if (listOperator === '&' || !commands.every((words) => changesDirectory(words))) return undefined;
    const before = this.current;
    const after: SymbolicPath[] = [];
    for (const words of commands) after.push(...this.destinations(words, before));
    if (listOperator !== '&&') after.push(...before);
    const distinct = new Map(after.map((path) => [renderSymbolicPath(path), path]));
    const folders = [...distinct.values()].slice(0, MAX_VALUES);
    this.scopes[this.scopes.length - 1] = folders;
    return folders.map(pwdValue);
  }

  private destinations(words: readonly Word[], from: readonly SymbolicPath[]): readonly SymbolicPath[] {
    const name = words[0]!.text;
    const operands = words.slice(1).filter((word) => !/^-[LPe@]+$/.test(word.text) && word.text !== '--');
    const folder = operands[0]?.text;
    if (name === 'popd' || folder === '-' || (name === 'pushd' && (folder === undefined || /^[+-]/.test(folder)))) {
      return UNKNOWN;
    }
    if (folder === undefined) return [{ start: '~', segments: [] }];
    const path = parseSymbolicPath(folder);
    if (path.start !== '.') return [path];
    if (this.namesLookedUpElsewhere && !/^\.\.?(?:\/|$)/.test(folder)) return UNKNOWN;
    return from.map((base) => joinSymbolicPath(base, path));
  }
}

/** `builtin cd x` and `command cd x` are `cd x`. */
function withoutBuiltin(words: readonly Word[]): readonly Word[] {
  const first = words[0]?.text;
  return first === 'builtin' || first === 'command' ? words.slice(1) : words;
}

/**
 * The folder as PWD's value: one relative to the line's start is written from `$PWD`, which resolveTargets
 * anchors there (a `$PWD/x` does not move with later `cd`s as a relative `x` does).
 */
function pwdValue(path: SymbolicPath): string {
  if (path.start !== '.') return renderSymbolicPath(path);
  return path.segments.length === 0 ? '$PWD' : `$PWD/${path.segments.join('/')}`;
}

/**
 * The folder a wrapper runs its command in, when it moves there first: `env -C DIR`, `sudo -D DIR` (`--chdir`),
 * `parallel --workdir DIR` (`--wd`), and a login shell's home (`sudo -i`, `su -`: the target user's, `/root` when none is named;
 * `~user` otherwise). Undefined when the command stays where it is.
 */
export function wrapperFolder(words: readonly Word[]): string | undefined {
  const name = words[0]?.text;
  const texts = words.slice(1).map((word) => word.text);
  const value = (short: string | undefined, long: string): string | undefined => {
    for (let i = 0; i < texts.length; i += 1) {
      const text = texts[i]!;
      if (text === short || text === long) return texts[i + 1];
      if (text.startsWith(`${long}=`)) return text.slice(long.length + 1);
      if (short && text.startsWith(short) && text.length > short.length && !text.startsWith('--')) {
        return text.slice(short.length);
      }
    }
    return undefined;
  };
  if (name === 'env') return value('-C', '--chdir');
  if (name === 'parallel') return value(undefined, '--workdir') ?? value(undefined, '--wd');
  if (name === 'sudo') {
    const chdir = value('-D', '--chdir');
    if (chdir !== undefined) return chdir;
    return texts.some((text) => text === '-i' || text === '--login') ? loginHome(value('-u', '--user')) : undefined;
  }
  if (name === 'su' || name === 'runuser') {
    if (!texts.some((text) => text === '-' || text === '-l' || text === '--login')) return undefined;
    // The user is the first operand; -c, -s, -g, -G and -w take a value.
    const user = texts.find((text, i) => !text.startsWith('-') && !/^-[csgGw]$/.test(texts[i - 1] ?? ''));
    return loginHome(user);
  }
  return undefined;
}

function loginHome(user: string | undefined): string {
  return user === undefined || user === 'root' ? '/root' : `~${user}`;
}

/** `folder` (a wrapper's, as written) seen from each of `from`. */
export function foldersAt(folder: string, from: readonly SymbolicPath[]): SymbolicPath[] {
  const path = parseSymbolicPath(folder);
  return path.start === '.' ? from.map((base) => joinSymbolicPath(base, path)) : [path];
}
