// What a group of conditions demands of the start of a command: a group holding `command REGEX "^(rm|unlink)\s…"`
// cannot hold on a view that starts with neither `rm` nor `unlink`, so the evaluator passes over it without
// testing any of its conditions. Every view of every call meets every group of the rules that read commands;
// most groups are anchored at a program's name, and this is where most of them are ruled out.
import { byFirstCharacter } from './regex';

export class CommandStarts {
  private readonly byFirst: Map<number, string[]>;

  constructor(readonly prefixes: readonly string[]) {
    this.byFirst = byFirstCharacter(prefixes);
  }

  /** What a rule demands when each of its groups demands something: one of them. */
  static anyOf(groups: readonly { commandStarts?: CommandStarts }[]): CommandStarts | undefined {
    if (groups.length === 0 || groups.some((group) => !group.commandStarts)) return undefined;
    return new CommandStarts([...new Set(groups.flatMap((group) => group.commandStarts!.prefixes))]);
  }

  /** Whether `command` starts with one of the prefixes. */
  admits(command: string): boolean {
    const candidates = this.byFirst.get(command.charCodeAt(0));
    if (candidates === undefined) return false;
    for (const prefix of candidates) if (command.startsWith(prefix)) return true;
    return false;
  }
}
