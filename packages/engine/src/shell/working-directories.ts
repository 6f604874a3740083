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
