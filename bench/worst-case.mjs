// Worst case: a 1 MB command and a 1 MB file content evaluated against every bundled rule file.
// Target: each evaluation under 50 ms. Run: node --import tsx bench/worst-case.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRules, evaluate, parseRules } from '@ssg/engine/node';
import { fmt, summarize } from './stats.mjs';

const rulesDir = new URL('../resources/rules/', import.meta.url).pathname;
const MB = 1024 * 1024;

/** `text` repeated and cut to exactly `length` characters. */
const fill = (text, length) => text.repeat(Math.ceil(length / text.length)).slice(0, length);

/** A command nested `levels` deep in `bash -c "…"`, each level escaping the one inside. */
function nestedShellStrings(levels, innermost) {
  let code = innermost;
  for (let i = 0; i < levels; i += 1) code = `bash -c ${JSON.stringify(code)}`;
  return code;
}

function inputs() {
  const line = 'echo "building module" && npm run build -- --filter pkg-a; ';
  const sqlLine = "INSERT INTO logs VALUES ('aaaaaaaaaaaaaaaaaaaaaaaaaaaa', 1);\n";
  const bash = (command) => ({ tool: 'Bash', capability: 'execute', input: { command } });
  const json = JSON.stringify(
    Array.from({ length: 20_000 }, (_, id) => ({ id, name: `item ${id}`, tags: ['a', 'b'] })),
  );
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
    // Big but legitimate: one command (or one pipeline) each, analysed whole and allowed.
    ['1 MB command: heredoc body to a file', bash(`cat > notes.txt <<'EOF'\n${fill('a line of notes\n', MB - 30)}EOF`)],
    ['1 MB command: JSON piped to jq', bash(`echo '${fill(json, MB - 20)}' | jq .`)],
    ['1 MB command: python one-liner', bash(`python3 -c "open('${'a'.repeat(MB - 30)}')"`)],
    // Past a limit of the analysis, so asked: too many words, commands or nested levels.
    ['1 MB command: 60k file names', bash(`git add ${fill('src/file-0001.ts ', MB - 8)}`)],
    ['1 MB command: 250k tiny words', bash(`echo ${fill('ab ', MB - 5)}`)],
    ['1 MB command: half a million $x', bash(fill('$x', MB))],
    ['1 MB command: bash -c nested 19 deep', bash(nestedShellStrings(19, 'rm -rf /'))],
    ['1 MB command: unterminated heredocs', bash(fill('cat <<E|', MB))],
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
