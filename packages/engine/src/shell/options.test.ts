import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type OptionGrammar, readOptions } from './options';
import type { Word } from './word';

function words(...texts: string[]): Word[] {
  return texts.map((text) => ({ text, bare: true, quoted: false, assignment: false }));
}

const grammar: OptionGrammar = { short: 'uk', attached: 'i', long: ['--user'] };

const cases: readonly { name: string; args: string[]; next: number; seen: [string, string][] }[] = [
  { name: 'no options', args: ['cmd', 'rm', '-f'], next: 1, seen: [] },
  {
    name: 'flag cluster',
    args: ['cmd', '-ab', 'rm'],
    next: 2,
    seen: [
      ['-a', ''],
      ['-b', ''],
    ],
  },
  { name: 'value in the next word', args: ['cmd', '-u', 'root', 'rm'], next: 3, seen: [['-u', 'root']] },
  { name: 'attached value', args: ['cmd', '-uroot', 'rm'], next: 2, seen: [['-u', 'root']] },
  {
    name: 'value ends a cluster',
    args: ['cmd', '-auroot', 'rm'],
    next: 2,
    seen: [
      ['-a', ''],
      ['-u', 'root'],
    ],
  },
  { name: 'attached-only option', args: ['cmd', '-i', 'rm'], next: 2, seen: [['-i', '']] },
  { name: 'attached-only with value', args: ['cmd', '-i{}', 'rm'], next: 2, seen: [['-i', '{}']] },
  { name: 'long with next word', args: ['cmd', '--user', 'root', 'rm'], next: 3, seen: [['--user', 'root']] },
  { name: 'long with equals', args: ['cmd', '--user=root', 'rm'], next: 2, seen: [['--user', 'root']] },
  { name: 'unknown long flag', args: ['cmd', '--verbose', 'rm'], next: 2, seen: [['--verbose', '']] },
  { name: 'double dash ends options', args: ['cmd', '-a', '--', '-rm'], next: 3, seen: [['-a', '']] },
  { name: 'single dash is an operand', args: ['cmd', '-', 'x'], next: 1, seen: [] },
  {
    name: 'repeats are kept',
    args: ['cmd', '-k', '1', '-k', '2'],
    next: 5,
    seen: [
      ['-k', '1'],
      ['-k', '2'],
    ],
  },
  { name: 'missing value', args: ['cmd', '-u'], next: 3, seen: [['-u', '']] },
];

for (const { name, args, next, seen } of cases) {
  test(name, () => {
    assert.deepEqual(readOptions(words(...args), 1, grammar), { next, seen });
  });
}
