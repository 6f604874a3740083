// getopt-style option reading, enough to find where a wrapper's own options end and its command begins.
import type { Word } from './word';

export interface OptionGrammar {
  /** Short options taking a value, attached (`-uroot`) or in the next word (`-u root`). */
  short?: string;
  /** Short options whose value can only be attached (`-i{}`, `-d=permanent`): the rest of the word. */
  attached?: string;
  /** Long options taking a value in the next word when not written `--name=value`. */
  long?: readonly string[];
}

export interface ReadOptions {
  /** Index of the first word after the options. */
  next: number;
  /** Each option seen (`-u`, `--user`) with its value ('' for a flag), in order; repeats are kept. */
  seen: [option: string, value: string][];
}

/** The value of the last of `names` seen, or undefined. */
export function optionValue(read: ReadOptions, ...names: string[]): string | undefined {
  return read.seen.findLast(([option]) => names.includes(option))?.[1];
}

/** Reads the options starting at `words[start]`, up to `--` or the first operand. */
export function readOptions(words: readonly Word[], start: number, grammar: OptionGrammar): ReadOptions {
  const seen: [string, string][] = [];
  let i = start;
  while (i < words.length) {
    const arg = words[i]!.text;
    if (arg === '--') return { next: i + 1, seen };
    if (arg.length < 2 || arg[0] !== '-') break;
    i += 1;
    if (arg[1] === '-') {
      const equals = arg.indexOf('=');
      if (equals > 0) seen.push([arg.slice(0, equals), arg.slice(equals + 1)]);
      else if (grammar.long?.includes(arg)) seen.push([arg, words[i++]?.text ?? '']);
      else seen.push([arg, '']);
      continue;
    }
    for (let j = 1; j < arg.length; j += 1) {
      const flag = arg[j]!;
      if (grammar.short?.includes(flag)) {
        const attached = arg.slice(j + 1);
        seen.push([`-${flag}`, attached !== '' ? attached : (words[i++]?.text ?? '')]);
        break;
      }
      if (grammar.attached?.includes(flag)) {
        seen.push([`-${flag}`, arg.slice(j + 1)]);
        break;
      }
      seen.push([`-${flag}`, '']);
    }
  }
  return { next: i, seen };
}
