// Worst case: a 1 MB command and a 1 MB file content evaluated against every bundled rule file.
// Target: each evaluation under 50 ms. Run: node --import tsx bench/worst-case.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRules, evaluate, parseRules } from '../cli/src/engine/index.ts';
import { fmt, summarize } from './stats.mjs';

const rulesDir = new URL('../resources/rules/', import.meta.url).pathname;
const MB = 1024 * 1024;

function inputs() {
  const line = 'echo "building module" && npm run build -- --filter pkg-a; ';
  const sqlLine = "INSERT INTO logs VALUES ('aaaaaaaaaaaaaaaaaaaaaaaaaaaa', 1);\n";
  return [
    [
      '1 MB command: a long && chain',
      {
        tool: 'Bash',
        capability: 'execute',
        input: { command: line.repeat(Math.ceil(MB / line.length)).slice(0, MB) },
      },
    ],
    [
      '1 MB command: one huge quoted arg',
      { tool: 'Bash', capability: 'execute', input: { command: `echo "${'a'.repeat(MB)}"` } },
    ],
    [
      '1 MB command: nested $( ( unterminated',
      { tool: 'Bash', capability: 'execute', input: { command: '$('.repeat(MB / 2) } },
    ],
    [
      '1 MB command: spaces then rm',
      { tool: 'Bash', capability: 'execute', input: { command: `${' '.repeat(MB)}rm -rf /` } },
    ],
    [
      '1 MB file content: one line',
      { tool: 'Write', capability: 'write', input: { file_path: '/p/src/a.ts', content: 'x'.repeat(MB) } },
    ],
    [
      '1 MB file content: SQL lines',
      {
        tool: 'Write',
        capability: 'write',
        input: { file_path: '/p/db/seed.sql', content: sqlLine.repeat(Math.ceil(MB / sqlLine.length)) },
      },
    ],
  ];
}

export function runWorstCaseBench() {
  const files = readdirSync(rulesDir)
    .filter((f) => f.endsWith('.rules'))
    .sort();
  const ruleset = compileRules(files.map((f) => parseRules(readFileSync(join(rulesDir, f), 'utf8'), f)));
  console.log(`all bundled rules: ${ruleset.rules.length} rules from ${files.join(', ')}`);
  const results = [];
  for (const [name, partial] of inputs()) {
    const call = { client: 'claude-code', ...partial };
    const samples = [];
    let decision = '';
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      decision = evaluate(ruleset, call).decision;
      samples.push(performance.now() - t);
    }
    const s = summarize(samples);
    console.log(`${name.padEnd(40)} median ${fmt(s.p50).padStart(9)}   max ${fmt(s.max).padStart(9)}   → ${decision}`);
    results.push({ name, medianMs: s.p50, maxMs: s.max, decision });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) runWorstCaseBench();
