// Cost ingestion end to end on real folders: the recorded Claude Code and Codex sessions land in a ledger once,
// priced; later scans take only what was appended; restarts, lost positions, a failing ledger, overlapping
// scans and agents writing while the watch runs never count a response twice or lose one.
import assert from 'node:assert/strict';
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { Clock } from '../clock';
import { claudeCodeTranscripts } from './claude-code-transcripts';
import { codexSessions } from './codex-sessions';
import type { CostEntry, CostSink } from './cost-entry';
import { CostIngestion } from './cost-ingestion';
import { POSITIONS_FILE } from './ingest-positions';
import { InMemoryCostSink, roundUsd } from './testing/in-memory-cost-sink';
import { claudeAssistantLine, codexTokenCountLine, codexTurnContextLine } from './testing/log-lines';
import { eventually } from '@ssg/testing/eventually';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const CLAUDE_SESSION = '145f3800-3307-4af3-8f1a-517935a476a0';
const CODEX_ROLLOUT = 'rollout-2026-11-23T19-08-44-01a209cf-85a6-79c2-bc46-dbce41e636d4.jsonl';
const NOW = Date.parse('2026-11-23T21:00:00Z');
const clock: Clock = { now: () => NOW };

/** The fixtures' dollars: Claude 2 × (1200 in, 80 out) on claude-opus-5-5 ($4/$20); Codex on gpt-5 ($1.25 in,
 * $0.125 cached, $10 out): 200/1000/50 then 1400/1000/50. */
const FIXTURE_USD = roundUsd(0.0128 + 0.000875 + 0.002375);

let root: string;
let home: string;
let claudeDir: string;
let codexDir: string;
let claudeLog: string;
let codexLog: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ssg-cost-ingestion-test-'));
  home = join(root, 'ssg-home');
  claudeDir = join(root, 'claude');
  codexDir = join(root, 'codex');
  claudeLog = join(claudeDir, 'projects', '-home-dev-project', `${CLAUDE_SESSION}.jsonl`);
  codexLog = join(codexDir, 'sessions', '2026', '11', '23', CODEX_ROLLOUT);
  mkdirSync(home, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function placeFixtures(): void {
  mkdirSync(join(claudeLog, '..'), { recursive: true });
  mkdirSync(join(codexLog, '..'), { recursive: true });
  copyFileSync(join(FIXTURES, 'claude-code-session.jsonl'), claudeLog);
  copyFileSync(join(FIXTURES, CODEX_ROLLOUT), codexLog);
}

function ingestion(sink: CostSink, pollMs?: number): CostIngestion {
  return new CostIngestion({
    home,
    sink,
    clock,
    pollMs,
    sources: [
      claudeCodeTranscripts({ env: { CLAUDE_CONFIG_DIR: claudeDir } }),
      codexSessions({ env: { CODEX_HOME: codexDir } }),
    ],
  });
}

const appendLines = (path: string, ...lines: string[]) =>
  appendFileSync(path, lines.map((line) => `${line}\n`).join(''));

describe('cost ingestion: scans', () => {
  test('the recorded sessions become four priced entries, once', async () => {
    placeFixtures();
    const sink = new InMemoryCostSink();
    const stats = await ingestion(sink).scanOnce();
    assert.deepEqual(stats, { files: 2, entries: 4, duplicates: 0, skippedLines: 0, unpricedModels: [] });
    assert.equal(sink.totalUsd(), FIXTURE_USD);
    const claude = sink.entries.get('claude-code:msg_fake_1:req_fake_msg_fake_1')!;
    assert.deepEqual({ ...claude, usd: roundUsd(claude.usd) }, {
      key: 'claude-code:msg_fake_1:req_fake_msg_fake_1',
      client: 'claude-code',
      sessionId: CLAUDE_SESSION,
      model: 'claude-opus-5-5',
      at: Date.parse('2026-11-23T19:10:17.985Z'),
      inputTokens: 1200,
      outputTokens: 80,
      cacheWriteTokens: 0,
      cacheReadTokens: 0,
      usd: 0.0064,
      priced: true,
    } satisfies CostEntry);
    const codex = sink.entries.get(`codex:${CODEX_ROLLOUT}:3700`)!;
    assert.equal(codex.client, 'codex');
    assert.equal(codex.model, 'gpt-5-codex');
    assert.equal(roundUsd(codex.usd), 0.002375);
  });

  test('a scan with nothing new reads nothing and records nothing', async () => {
    placeFixtures();
    const service = ingestion(new InMemoryCostSink());
    await service.scanOnce();
    assert.deepEqual(await service.scanOnce(), {
      files: 0,
      entries: 0,
      duplicates: 0,
      skippedLines: 0,
      unpricedModels: [],
    });
  });

  test('only appended lines are read; a response written on several lines counts once, with its final usage', async () => {
    placeFixtures();
    const sink = new InMemoryCostSink();
    const service = ingestion(sink);
    await service.scanOnce();
    // Claude Code writes a line per content block; the usage on the early lines can be a partial count.
    appendLines(
      claudeLog,
      claudeAssistantLine({ id: 'msg_multi', input: 3, cacheRead: 20000, output: 1, block: { type: 'thinking' } }),
      claudeAssistantLine({
        id: 'msg_multi',
        input: 3,
        cacheRead: 20000,
        output: 1,
        block: { type: 'text', text: 'x' },
      }),
      claudeAssistantLine({ id: 'msg_multi', input: 3, cacheRead: 20000, output: 250, block: { type: 'tool_use' } }),
    );
    const stats = await service.scanOnce();
    assert.deepEqual(stats, { files: 1, entries: 1, duplicates: 0, skippedLines: 0, unpricedModels: [] });
    const entry = sink.entries.get('claude-code:msg_multi:req_msg_multi')!;
    assert.equal(entry.outputTokens, 250);
    // Sonnet 4.5: 3×3 + 20000×0.3 + 250×15 = 9759 µ$
    assert.equal(roundUsd(entry.usd), 0.009759);
    // Another line of the same response in a later scan is a duplicate, not a new cost.
    appendLines(claudeLog, claudeAssistantLine({ id: 'msg_multi', input: 3, cacheRead: 20000, output: 250 }));
    assert.deepEqual(await service.scanOnce(), {
      files: 1,
      entries: 0,
      duplicates: 1,
      skippedLines: 0,
      unpricedModels: [],
    });
    assert.equal(sink.entries.size, 5);
  });

  test('a partial line is left for the next scan and then counted once', async () => {
    placeFixtures();
    const sink = new InMemoryCostSink();
    const service = ingestion(sink);
    await service.scanOnce();
    const line = claudeAssistantLine({ id: 'msg_slow', input: 10, output: 10 });
    appendFileSync(claudeLog, line.slice(0, 100));
    assert.equal((await service.scanOnce()).entries, 0);
    appendFileSync(claudeLog, `${line.slice(100)}\n`);
    assert.equal((await service.scanOnce()).entries, 1);
    assert.equal((await service.scanOnce()).entries, 0);
    assert.ok(sink.entries.has('claude-code:msg_slow:req_msg_slow'));
  });

  test('malformed lines are skipped and counted; synthetic messages ignored; unknown models estimated and flagged', async () => {
    placeFixtures();
    const sink = new InMemoryCostSink();
    const service = ingestion(sink);
    await service.scanOnce();
    appendLines(
      claudeLog,
      '{"type":"assistant","message":{"usage":{"input_tokens":', // cut short
      claudeAssistantLine({ id: 'msg_synthetic', model: '<synthetic>', output: 5 }),
      claudeAssistantLine({ id: 'msg_future', model: 'claude-opus-9', input: 1000, output: 1000 }),
      claudeAssistantLine({ id: 'msg_after', input: 1000 }),
    );
    const stats = await service.scanOnce();
    assert.deepEqual(stats, {
      files: 1,
      entries: 2,
      duplicates: 0,
      skippedLines: 1,
      unpricedModels: ['claude-opus-9'],
    });
    const future = sink.entries.get('claude-code:msg_future:req_msg_future')!;
    assert.equal(future.priced, false);
    // Highest Anthropic rates: $15 in, $75 out → 1000×15 + 1000×75 = 90000 µ$
    assert.equal(roundUsd(future.usd), 0.09);
    assert.equal(sink.entries.has('claude-code:msg_synthetic:req_msg_synthetic'), false);
    assert.deepEqual(service.status().sinceStart.unpricedModels, ['claude-opus-9']);
  });

  test('a line without a timestamp is dated when it was read', async () => {
    mkdirSync(join(claudeLog, '..'), { recursive: true });
    const line = JSON.parse(claudeAssistantLine({ id: 'msg_undated', input: 1 }));
    delete line.timestamp;
    appendLines(claudeLog, JSON.stringify(line));
    const sink = new InMemoryCostSink();
    await ingestion(sink).scanOnce();
    assert.equal(sink.entries.get('claude-code:msg_undated:req_msg_undated')!.at, NOW);
  });

  test('a Codex session read in two scans keeps the model named before the split', async () => {
    mkdirSync(join(codexLog, '..'), { recursive: true });
    appendLines(codexLog, codexTurnContextLine('gpt-5-mini'));
    const sink = new InMemoryCostSink();
    await ingestion(sink).scanOnce();
    // A new service, as after a daemon restart: the model comes back from the positions file.
    appendLines(codexLog, codexTokenCountLine({ runningTotal: 1100, input: 1000, cached: 400, output: 100 }));
    const stats = await ingestion(sink).scanOnce();
    assert.equal(stats.entries, 1);
    const entry = sink.entries.get(`codex:${CODEX_ROLLOUT}:1100`)!;
    assert.equal(entry.model, 'gpt-5-mini');
    assert.equal(entry.priced, true);
    // gpt-5-mini: 600×0.25 + 400×0.025 + 100×2 = 360 µ$
    assert.equal(roundUsd(entry.usd), 0.00036);
  });
});

describe('cost ingestion: restarts and failures', () => {
  test('after a restart only new lines are read; with the positions lost, everything is re-read but nothing counted twice', async () => {
    placeFixtures();
    const sink = new InMemoryCostSink();
    await ingestion(sink).scanOnce();
    const positions = join(home, POSITIONS_FILE);
    assert.equal(statSync(positions).mode & 0o777, 0o600);
    const saved = JSON.parse(readFileSync(positions, 'utf8'));
    assert.deepEqual(Object.keys(saved.files).sort(), [claudeLog, codexLog].sort());
    assert.deepEqual(saved.files[codexLog].state, {
      sessionId: '01a209cf-85a6-79c2-bc46-dbce41e636d4',
      model: 'gpt-5-codex',
    });

    appendLines(codexLog, codexTokenCountLine({ runningTotal: 4000, input: 250, output: 50 }));
    const restarted = await ingestion(sink).scanOnce();
    assert.deepEqual(restarted, { files: 1, entries: 1, duplicates: 0, skippedLines: 0, unpricedModels: [] });

    rmSync(positions);
    const reread = await ingestion(sink).scanOnce();
    assert.deepEqual(reread, { files: 2, entries: 0, duplicates: 5, skippedLines: 0, unpricedModels: [] });

    writeFileSync(positions, '{"version":1,"files":{"/x":{"dev":1}}');
    assert.equal((await ingestion(sink).scanOnce()).duplicates, 5, 'a corrupt positions file costs a re-read');
    assert.equal(sink.entries.size, 5);
  });

  test('when the ledger throws, the position stays, the problem shows, and the next scan records the entries', async () => {
    placeFixtures();
    const ledger = new InMemoryCostSink();
    let failing = true;
    const flaky: CostSink = {
      recordCost: (entry) => {
        if (failing && entry.client === 'codex') throw new Error('database is locked');
        return ledger.recordCost(entry);
      },
    };
    const service = ingestion(flaky);
    const first = await service.scanOnce();
    assert.equal(first.entries, 2, 'the Claude entries went in');
    assert.match(service.status().lastError ?? '', /rollout-.*database is locked/);
    failing = false;
    const second = await service.scanOnce();
    assert.deepEqual(second, { files: 1, entries: 2, duplicates: 0, skippedLines: 0, unpricedModels: [] });
    assert.equal(service.status().lastError, null);
    assert.equal(ledger.totalUsd(), FIXTURE_USD);
  });

  test('a log that disappears is forgotten', async () => {
    placeFixtures();
    const service = ingestion(new InMemoryCostSink());
    await service.scanOnce();
    assert.equal(service.status().trackedFiles, 2);
    rmSync(codexLog);
    await service.scanOnce();
    assert.equal(service.status().trackedFiles, 1);
    assert.deepEqual(Object.keys(JSON.parse(readFileSync(join(home, POSITIONS_FILE), 'utf8')).files), [claudeLog]);
  });

  test('overlapping scanOnce calls: one scan at a time, later callers share one follow-up scan', async () => {
    placeFixtures();
    const sink = new InMemoryCostSink();
    const service = ingestion(sink);
    const calls = [service.scanOnce(), service.scanOnce(), service.scanOnce(), service.scanOnce()];
    assert.notEqual(calls[0], calls[1]);
    assert.ok(calls[1] === calls[2] && calls[2] === calls[3], 'callers waiting on a running scan share the follow-up');
    const [running, followUp] = await Promise.all(calls.slice(0, 2));
    assert.equal(running!.entries, 4);
    assert.deepEqual(followUp, { files: 0, entries: 0, duplicates: 0, skippedLines: 0, unpricedModels: [] });
  });
});

describe('cost ingestion: running', () => {
  test('start() picks up what agents append while it runs; stop() ends it', async () => {
    const sink = new InMemoryCostSink();
    const service = ingestion(sink, 50);
    service.start();
    try {
      placeFixtures();
      await eventually(() => sink.entries.size === 4, 'the fixtures');
      appendLines(claudeLog, claudeAssistantLine({ id: 'msg_live', input: 5, output: 5 }));
      await eventually(() => sink.entries.has('claude-code:msg_live:req_msg_live'), 'the appended response');
      assert.equal(service.status().running, true);
    } finally {
      await service.stop();
    }
    assert.equal(service.status().running, false);
    appendLines(claudeLog, claudeAssistantLine({ id: 'msg_after_stop', input: 5, output: 5 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(sink.entries.has('claude-code:msg_after_stop:req_msg_after_stop'), false);
  });

  test('the watch brings a growing session in long before the next poll', async () => {
    placeFixtures();
    const sink = new InMemoryCostSink();
    const service = ingestion(sink, 60_000);
    service.start();
    try {
      await eventually(() => sink.entries.size === 4, 'the first scan');
      appendLines(claudeLog, claudeAssistantLine({ id: 'msg_watched', input: 5, output: 5 }));
      await eventually(
        () => sink.entries.has('claude-code:msg_watched:req_msg_watched'),
        'the watch (the next poll is a minute away)',
      );
    } finally {
      await service.stop();
    }
  });

  test('concurrent writers: two agents appending in pieces while ingestion runs, every response exactly once', async () => {
    const sink = new InMemoryCostSink();
    const service = ingestion(sink, 20);
    mkdirSync(join(claudeLog, '..'), { recursive: true });
    mkdirSync(join(codexLog, '..'), { recursive: true });
    appendLines(codexLog, codexTurnContextLine('gpt-5'));
    service.start();
    const RESPONSES = 150;
    const writeInPieces = async (path: string, lineFor: (i: number) => string) => {
      const handle = await open(path, 'a');
      try {
        for (let i = 0; i < RESPONSES; i++) {
          const line = `${lineFor(i)}\n`;
          const cut = Math.floor(line.length / 3);
          await handle.write(line.slice(0, cut));
          await new Promise((resolve) => setTimeout(resolve, i % 10 === 0 ? 2 : 0));
          await handle.write(line.slice(cut));
        }
      } finally {
        await handle.close();
      }
    };
    try {
      await Promise.all([
        writeInPieces(claudeLog, (i) => claudeAssistantLine({ id: `msg_${i}`, input: 100, output: 10 })),
        writeInPieces(codexLog, (i) => codexTokenCountLine({ runningTotal: (i + 1) * 110, input: 100, output: 10 })),
      ]);
    } finally {
      await service.stop();
    }
    await service.scanOnce();
    assert.equal(sink.entries.size, 2 * RESPONSES);
    const totals = service.status().sinceStart;
    assert.equal(totals.entries, 2 * RESPONSES);
    assert.equal(totals.duplicates, 0);
    assert.equal(totals.skippedLines, 0);
  });
});
