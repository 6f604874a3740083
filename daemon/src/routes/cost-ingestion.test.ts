// GET /api/json/costs/ingestion over real HTTP, on the daemon's own fastify app (buildApp: loopback Host check,
// token auth, schemas) with a real CostIngestion reading real folders into an in-memory ledger.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { claudeCodeTranscripts } from '../costs/claude-code-transcripts';
import { codexSessions } from '../costs/codex-sessions';
import { COST_INGESTION_PATH } from '@ssg/contracts/costs';
import { CostIngestion, type IngestionStatus } from '../costs/cost-ingestion';
import { InMemoryCostSink } from '../costs/testing/in-memory-cost-sink';
import { claudeAssistantLine } from '../costs/testing/log-lines';
import { buildApp } from '../server/app';
import { costIngestionRoutes } from './cost-ingestion';
import { DaemonIdentity } from '../server/daemon-identity';

const TOKEN = 'test-token-0123456789abcdef';
const SCANNED_AT = Date.parse('2026-11-23T21:00:00Z');

let root: string;
let app: FastifyInstance;
let url: string;
let ingestion: CostIngestion;
let claudeDir: string;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'ssg-cost-route-test-'));
  claudeDir = join(root, 'claude');
  ingestion = new CostIngestion({
    home: join(root, 'home'),
    sink: new InMemoryCostSink(),
    clock: { now: () => SCANNED_AT },
    sources: [
      claudeCodeTranscripts({ env: { CLAUDE_CONFIG_DIR: claudeDir } }),
      codexSessions({ env: { CODEX_HOME: join(root, 'codex') } }),
    ],
  });
  let port = 0;
  app = await buildApp({
    identity: DaemonIdentity.create(),
    credentials: { hookToken: TOKEN, adminToken: 'a'.repeat(64) },
    port: () => port,
    routes: [costIngestionRoutes(ingestion)],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
});
after(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

async function get(path: string, token: string | null = TOKEN) {
  const response = await fetch(`${url}${path}`, { headers: token === null ? {} : { 'x-service-token': token } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe(`GET ${COST_INGESTION_PATH}`, () => {
  test('without the token, or with a wrong one: 401 and no status', async () => {
    for (const token of [null, 'wrong-token']) {
      const response = await get(COST_INGESTION_PATH, token);
      assert.equal(response.status, 401);
      assert.equal(response.body.sources, undefined);
    }
  });

  test('query parameters are refused with a 400', async () => {
    const response = await get(`${COST_INGESTION_PATH}?verbose=1`);
    assert.equal(response.status, 400);
    assert.match(String(response.body.message), /must NOT have additional properties/);
  });

  test('before any scan: the sources and roots, no scan yet', async () => {
    const response = await get(COST_INGESTION_PATH);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      running: false,
      sources: [
        { client: 'claude-code', roots: [join(claudeDir, 'projects')] },
        { client: 'codex', roots: [join(root, 'codex', 'sessions'), join(root, 'codex', 'archived_sessions')] },
      ],
      trackedFiles: 0,
      lastScanAt: null,
      lastScan: null,
      sinceStart: { files: 0, entries: 0, duplicates: 0, skippedLines: 0, unpricedModels: [] },
      lastError: null,
    } satisfies IngestionStatus);
  });

  test('after a scan: what it read, what it skipped, which models were estimated', async () => {
    const log = join(claudeDir, 'projects', '-home-dev-project', 'session-1.jsonl');
    mkdirSync(join(log, '..'), { recursive: true });
    appendFileSync(
      log,
      [
        claudeAssistantLine({ id: 'msg_1', input: 10, output: 10 }),
        claudeAssistantLine({ id: 'msg_2', model: 'claude-opus-9', input: 10, output: 10 }),
        '{"type":"assistant","message":{"usage":',
        '',
      ].join('\n'),
    );
    await ingestion.scanOnce();
    const response = await get(COST_INGESTION_PATH);
    assert.equal(response.status, 200);
    const scan = { files: 1, entries: 2, duplicates: 0, skippedLines: 1, unpricedModels: ['claude-opus-9'] };
    assert.equal(response.body.lastScanAt, SCANNED_AT);
    assert.deepEqual(response.body.lastScan, scan);
    assert.deepEqual(response.body.sinceStart, scan);
    assert.equal(response.body.trackedFiles, 1);
  });
});
