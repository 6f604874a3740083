// Catch rates of Sleep at Night on the labelled corpus in bench/catch-corpus/: per class, how many must-block
// calls are blocked, how many must-ask calls are asked or blocked, and how many benign calls are allowed.
// A measurement, not a test: it always exits 0. Figures also land in bench/results/catch-rates.json.
//
// Run: node --import tsx bench/catch-rates.mjs [--misses] [--peer] [--class <name>]
//   --misses   list every case that missed its label, grouped by class, with the verdict and the deciding rule
//   --peer     also run the corpus through cc-safety-net's Claude Code hook (bench/catch-peer.mjs) and print
//              both side by side
//   --class    only the named class (repeatable)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileRules, evaluate, parseRules } from '@ssg/engine/node';
import { protectedPlaces } from '@ssg/hosts/protected-places';
import { CLASSES, CORPUS_CWD, CORPUS_HOME, describeCase, loadCorpus, pct, TOOLS, tally } from './catch-corpus.mjs';

const rulesDir = new URL('../resources/rules/', import.meta.url).pathname;
const resultsDir = new URL('./results/', import.meta.url).pathname;
const repoRoot = new URL('..', import.meta.url).pathname;

/** What a user has after `ssg init` with Sleep at Night on: the default rules, the bundle, self-preservation. */
export function nightRules() {
  const parsed = ['default', 'sleep-at-night', 'self-preservation'].map((stem) => {
    const file = join(rulesDir, `${stem}.rules`);
    return parseRules(readFileSync(file, 'utf8'), file);
  });
  return compileRules(parsed);
}

/**
 * The self-protection guard as the hooks configure it (packages/hosts/src/protected-places.ts), for the corpus
 * machine: the user's home is /home/dev and ssg's home /home/dev/.ssg. Nothing there is read but a daemon.json
 * that does not exist, and the agent's environment is a clean one, not this process's.
 */
export function corpusPlaces() {
  const env = {
    HOME: CORPUS_HOME,
    USER: 'dev',
    LOGNAME: 'dev',
    SHELL: '/bin/bash',
    PATH: '/usr/local/bin:/usr/bin:/bin',
  };
  return protectedPlaces(join(CORPUS_HOME, '.ssg'), env);
}

/** The engine's decision, folded into block / ask / allow the way the Claude Code hook answers. */
function verdictOfResult(result) {
  if (result.decision === 'block' || result.decision === 'force') return 'block';
  if (result.decision === 'ask') return 'ask';
  return 'allow';
}

export function ssgVerdicts(cases) {
  const ruleset = nightRules();
  const protect = corpusPlaces();
  return cases.map((c) => {
    const call = { tool: c.tool, capability: TOOLS[c.tool], client: 'claude-code', input: c.input, cwd: CORPUS_CWD };
    const result = evaluate(ruleset, call, { explain: false, protect });
    return { verdict: verdictOfResult(result), ruleId: result.ruleId };
  });
}

/**
 * cc-safety-net's verdicts, from bench/catch-peer.mjs run in a private mount namespace where a tmpfs over /home
 * gives it a real /home/dev/project to stand in (its hook fails closed on a cwd that does not exist, and a
 * throwaway home under /tmp would make every path a temporary one). Returns undefined when that is not possible.
 */
function peerVerdicts(cases) {
  const work = mkdtempSync(join(tmpdir(), 'ssg-catch-peer-'));
  try {
    const input = join(work, 'cases.json');
    const output = join(work, 'verdicts.json');
    writeFileSync(input, JSON.stringify(cases.map(({ tool, input: toolInput }) => ({ tool, input: toolInput }))));
    const script = [
      'set -e',
      'mount -t tmpfs ssg-catch-home /home',
      `mkdir -p ${CORPUS_CWD}`,
      `cd ${CORPUS_CWD}`,
      'git init -q',
      `exec "${process.execPath}" "${join(repoRoot, 'bench', 'catch-peer.mjs')}" "${input}" "${output}" "${work}"`,
    ].join('\n');
    const run = spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (run.status !== 0) {
      console.error(`cc-safety-net not measured: unshare/mount failed (${run.error?.message ?? `exit ${run.status}`})`);
      return undefined;
    }
    return JSON.parse(readFileSync(output, 'utf8'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function peerVersion() {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'cc-safety-net', 'package.json'), 'utf8'));
  return pkg.version;
}

const LABELS = [
  ['block', 'must-block blocked'],
  ['ask', 'must-ask asked/blocked'],
  ['allow', 'benign allowed'],
];

function printTable(title, tallies) {
  const names = [...CLASSES.filter((c) => tallies[0].rows.has(c)), 'overall'];
  const header = ['class', ...tallies.flatMap((t) => LABELS.map(([, label]) => `${t.name}: ${label}`))];
  const body = names.map((name) => [
    name,
    ...tallies.flatMap((t) => LABELS.map(([key]) => pct(t.rows.get(name)[key]))),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of body) console.log(line(row));
}

function printMisses(name, misses) {
  console.log(`\n${name}: ${misses.length} misses`);
  let cls;
  for (const m of misses) {
    if (m.cls !== cls) console.log(`\n  [${(cls = m.cls)}]`);
    const by = m.ruleId ? ` by ${m.ruleId}` : '';
    const note = m.note ? `  (${m.note})` : '';
    console.log(`  ${m.cls}.jsonl:${m.line}  expect ${m.expect}, got ${m.verdict}${by}: ${describeCase(m)}${note}`);
  }
}

const asJson = (t) =>
  Object.fromEntries(
    [...t.rows].map(([name, r]) => [
      name,
      Object.fromEntries(LABELS.map(([key]) => [key, { met: r[key][0], total: r[key][1] }])),
    ]),
  );

function main(argv) {
  const classes = argv.flatMap((arg, i) => (arg === '--class' ? [argv[i + 1]] : []));
  const cases = loadCorpus().filter((c) => classes.length === 0 || classes.includes(c.cls));
  const git = (...args) => spawnSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' }).stdout.trim();
  // Others change the engine and the rules while this runs: say when the tree measured is not the commit.
  const dirty = git('status', '--porcelain', '--', 'packages/engine', 'resources/rules') !== '';
  const commit = `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted engine/rules changes' : ''}`;
  console.log(`catch corpus: ${cases.length} cases; commit ${commit}; Node ${process.version}`);

  const ssg = ssgVerdicts(cases);
  const ssgTally = {
    name: 'ssg',
    ...tally(
      cases.map((c, i) => ({ ...c, ...ssg[i] })),
      (c) => c.verdict,
    ),
  };
  const tallies = [ssgTally];

  let peer;
  if (argv.includes('--peer')) {
    const verdicts = peerVerdicts(cases);
    if (verdicts) {
      const version = peerVersion();
      peer = {
        name: `cc-safety-net ${version}`,
        version,
        ...tally(
          cases.map((c, i) => ({ ...c, ...verdicts[i] })),
          (c) => c.verdict,
        ),
      };
      const failedClosed = verdicts.filter((v) => v.failedClosed).length;
      if (failedClosed) console.log(`cc-safety-net failed closed (analysis error) on ${failedClosed} cases`);
      tallies.push(peer);
    }
  }

  printTable('Sleep at Night (default + sleep-at-night + self-preservation, self-protection guard on)', tallies);
  if (argv.includes('--misses')) for (const t of tallies) printMisses(t.name, t.misses);

  mkdirSync(resultsDir, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    commit,
    cases: cases.length,
    ssg: {
      rates: asJson(ssgTally),
      misses: ssgTally.misses.map(({ cls, line, expect, verdict, ruleId }) => ({ cls, line, expect, verdict, ruleId })),
    },
    ...(peer && {
      peer: {
        name: 'cc-safety-net',
        version: peer.version,
        rates: asJson(peer),
        misses: peer.misses.map(({ cls, line, expect, verdict }) => ({ cls, line, expect, verdict })),
      },
    }),
  };
  writeFileSync(join(resultsDir, 'catch-rates.json'), `${JSON.stringify(report, null, 2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error);
  }
  process.exitCode = 0;
}
