// Programs the line copies or links under another name before it runs them by that name: `cp /bin/rm ./zap &&
// ./zap -rf ~` runs rm, and so do `ln -s "$(command -v rm)" x; ./x -rf ~`, `hash -p /bin/rm ls; ls -rf ~` and
// `BASH_CMDS[ls]=/bin/rm; ls -rf ~`.
// A command whose name is such a copy also reads as the program it copies (one more view), so rules about rm
// judge it. A copy counts when its source is a program's path (a bin folder) or `$(command -v X)`/`$(which X)`.
import { MAX_VALUES } from './limits';
import { commandName } from './render';
import type { Word } from './word';

const BIN_PATH = /^(?:\/usr)?(?:\/local)?\/s?bin\/([^/]+)$/;
const LOOKED_UP = /^(?:\$\(|`)\s*(?:command\s+-v|which|type\s+-[pP])\s+([A-Za-z0-9_.+-]+)\s*(?:\)|`)$/;

export class ProgramAliases {
  /** The name a command is run by (as written, and its last path segment) → the program it is. */
  private readonly programs = new Map<string, string>();

  /** Records the copy a `cp`, `ln`, `install` or `hash -p` makes of a program. */
  follow(words: readonly Word[]): void {
    const name = words[0] && commandName(words[0]);
    const operands = words.slice(1).filter((word) => !word.text.startsWith('-'));
    if (name === 'hash' && words[1]?.text === '-p' && words.length >= 4) {
      this.add(words[3]!.text, words[2]!.text);
    } else if ((name === 'cp' || name === 'ln' || name === 'install') && operands.length === 2) {
      this.add(operands[1]!.text, operands[0]!.text);
    }
  }

  /** `BASH_CMDS[NAME]=PATH` writes bash's table of where commands are, as `hash -p PATH NAME` does. */
  assigned(word: Word): void {
    const entry = /^BASH_CMDS\[([^\]]+)\]=(.+)$/.exec(word.text);
    if (entry) this.add(entry[1]!, entry[2]!);
  }

  /** The command's words with its name read as the program it is a copy of; undefined when it is none. */
  renamed(words: readonly Word[]): Word[] | undefined {
    const first = words[0];
    if (first === undefined || this.programs.size === 0) return undefined;
    const program = this.programs.get(first.text) ?? this.programs.get(baseName(first.text));
    return program === undefined ? undefined : [{ ...first, text: program, parts: undefined }, ...words.slice(1)];
  }

  private add(copy: string, source: string): void {
    const program = BIN_PATH.exec(source)?.[1] ?? LOOKED_UP.exec(source)?.[1];
    if (program === undefined || this.programs.size >= MAX_VALUES) return;
    this.programs.set(copy, program);
    this.programs.set(baseName(copy), program);
  }
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
