// Links a command line makes before it changes files through them: `ln -s ~ h && rm -rf h/*` deletes the home's
// files, yet the link does not exist when ssg reads the line (links made earlier are followed by the evaluator,
// target-place.ts). Each `ln` adds a second reading of every later target under the link's path: the same path
// under what the link leads to. Both readings are kept (the `ln` may fail, or the link may land inside an
// existing folder), and the links outlive subshells, as files do.
import { MAX_VALUES } from './limits';
import type { ParseSink } from './syntax';
import { commandName } from './render';
import { joinSymbolicPath, parseSymbolicPath, type SymbolicPath } from './symbolic-path';
import type { Word } from './word';

interface Link {
  at: SymbolicPath;
  to: SymbolicPath;
}

/** ln's options that take the next word as their value. */
const VALUED = new Set(['-t', '-S', '--target-directory', '--suffix']);

export class LineLinks {
  private readonly links: Link[] = [];

  constructor(private readonly budget: Pick<ParseSink, 'truncate'>) {}

  /** Records the links an `ln` command makes when run in any of `folders`. */
  follow(words: readonly Word[], folders: readonly SymbolicPath[]): void {
    if (words[0] === undefined || commandName(words[0]) !== 'ln') return;
    const operands: string[] = [];
    let symbolic = false;
    let relativeToCwd = false;
    for (let i = 1; i < words.length; i += 1) {
      const text = words[i]!.text;
      if (VALUED.has(text)) i += 1;
      else if (text === '--symbolic' || /^-[a-zA-Z]*s/.test(text)) symbolic = true;
      else if (text === '--relative' || /^-[a-zA-Z]*r/.test(text)) relativeToCwd = true;
      else if (!text.startsWith('-')) operands.push(text);
    }
    const [target, name] = operands;
    if (target === undefined || operands.length > 2) return;
    const linkName = name ?? target.slice(target.lastIndexOf('/') + 1);
    for (const folder of folders) {
      const at = joinSymbolicPath(folder, parseSymbolicPath(linkName, false), false);
      // A symbolic link's relative target is read from the link's own folder.
      const from = symbolic && !relativeToCwd ? { start: at.start, segments: [...at.segments.slice(0, -1)] } : folder;
      const to = parseSymbolicPath(target, false);
      this.add({ at, to: to.start === '.' ? joinSymbolicPath(from, to, false) : to });
    }
  }

  /** `path`, and its readings through the links: the part under a link's path read under where it leads. */
  readings(path: SymbolicPath): SymbolicPath[] {
    const all = [path];
    for (const { at, to } of this.links) {
      const under =
        at.start === path.start &&
        at.segments.length <= path.segments.length &&
        at.segments.every((segment, i) => path.segments[i] === segment);
      if (under)
        all.push(joinSymbolicPath(to, { start: '.', segments: path.segments.slice(at.segments.length) }, false));
    }
    return all;
  }

  /** Past the bound a link goes unrecorded, so the analysis counts as cut short (and the call is asked). */
  private add(link: Link): void {
    if (this.links.length < MAX_VALUES) this.links.push(link);
    else this.budget.truncate('work');
  }
}
