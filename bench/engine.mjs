// Engine throughput and latency: evaluations per second and p50/p99 of single evaluations, against the
// Sleep at Night bundle and against a 1,500-rule corpus shaped like the public rule packs.
// Run: node --import tsx bench/engine.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRules, evaluate, parseRules } from '@ssg/engine/node';
import { makeCalls, makeCorpus } from './corpus.mjs';
import { fmt, summarize } from './stats.mjs';

const rulesDir = new URL('../resources/rules/', import.meta.url).pathname;

function measure(name, ruleset, calls) {
  for (const call of calls.slice(0, 500)) evaluate(ruleset, call); // warm up the JIT
  const samples = [];
  const start = performance.now();
  for (let round = 0; round < 5; round++) {
    for (const call of calls) {
      const t = performance.now();
      evaluate(ruleset, call);
      samples.push(performance.now() - t);
    }
  }
  const total = performance.now() - start;
  const s = summarize(samples);
  const perSecond = Math.round(samples.length / (total / 1000));
  console.log(`${name.padEnd(34)} ${String(perSecond).padStart(9)} evals/s   p50 ${fmt(s.p50)}   p99 ${fmt(s.p99)}`);
  return { name, evalsPerSecond: perSecond, p50Ms: s.p50, p99Ms: s.p99 };
}

export function runEngineBench() {
  const calls = makeCalls();
  const sleepFile = join(rulesDir, 'sleep-at-night.rules');
  const sleep = compileRules([parseRules(readFileSync(sleepFile, 'utf8'), sleepFile)]);
  const corpusText = makeCorpus(1500);
  const t = performance.now();
  const corpus = compileRules([parseRules(corpusText, 'corpus.rules')]);
  const compileMs = performance.now() - t;
  console.log(`corpus: ${corpus.rules.length} rules, parse+compile ${fmt(compileMs)}`);
  return [
    measure('sleep-at-night bundle (10 rules)', sleep, calls),
    measure('hub-shaped corpus (1,500 rules)', corpus, calls),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) runEngineBench();
