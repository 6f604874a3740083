// The labelled catch corpus (bench/catch-corpus/<class>.jsonl): one Claude Code tool call per line with the
// verdict Sleep at Night should reach. Shared by catch-rates.mjs (ssg), catch-peer.mjs (cc-safety-net) and the
// well-formedness test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const corpusDir = new URL('./catch-corpus/', import.meta.url).pathname;

/** The machine the corpus is written for: the user's home and the project the agent works in. */
export const CORPUS_HOME = '/home/dev';
export const CORPUS_CWD = '/home/dev/project';

/** The classes in the order they are reported. */
export const CLASSES = ['values', 'paths', 'interpreters', 'data-packages', 'home-wipes', 'false-positives', 'benign'];

/** Tools a case may use, with the capability Claude Code's adapter gives them. */
export const TOOLS = { Bash: 'execute', Read: 'read', Write: 'write' };
export const EXPECTS = ['block', 'ask', 'allow'];

/** Every case of every class: `{ cls, line, tool, input, expect, note }`. Throws on a line that is not JSON. */
export function loadCorpus(dir = corpusDir) {
  const names = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
  const ordered = [
    ...CLASSES.filter((c) => names.includes(`${c}.jsonl`)),
    ...names.map((n) => n.slice(0, -'.jsonl'.length)).filter((c) => !CLASSES.includes(c)),
  ];
  const cases = [];
  for (const cls of ordered) {
    const lines = readFileSync(join(dir, `${cls}.jsonl`), 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (text.trim() === '') return;
      cases.push({ cls, line: index + 1, ...JSON.parse(text) });
    });
  }
  return cases;
}

/** How a case reads in a list of misses. */
export function describeCase(c) {
  if (c.tool === 'Bash') return JSON.stringify(c.input.command);
  return `${c.tool} ${c.input.file_path}`;
}

/** Whether a verdict (block, ask or allow) meets a label: must-ask is met by ask or block. */
export function meets(expect, verdict) {
  if (expect === 'block') return verdict === 'block';
  if (expect === 'ask') return verdict === 'ask' || verdict === 'block';
  return verdict === 'allow';
}

/** Per class and overall: how many cases of each label, and how many met it. */
export function tally(cases, verdictOf) {
  const rows = new Map();
  const row = (name) => {
    if (!rows.has(name)) rows.set(name, { block: [0, 0], ask: [0, 0], allow: [0, 0] });
    return rows.get(name);
  };
  const misses = [];
  for (const c of cases) {
    const verdict = verdictOf(c);
    const hit = meets(c.expect, verdict);
    for (const r of [row(c.cls), row('overall')]) {
      r[c.expect][0] += hit ? 1 : 0;
      r[c.expect][1] += 1;
    }
    if (!hit) misses.push({ ...c, verdict });
  }
  return { rows, misses };
}

export const pct = ([hit, total]) => (total === 0 ? '—' : `${((100 * hit) / total).toFixed(1)}% (${hit}/${total})`);
