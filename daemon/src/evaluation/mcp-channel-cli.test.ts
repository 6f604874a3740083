// The MCP channel takes the hooks' path: `ssg_evaluate` (the built `ssg mcp-server`, a real MCP client) asks the
// running daemon, so a host that governs only through MCP (here Cursor) meets its spending cap, lands in the audit
// log, hears a spending warning in the tool result, and is blocked by the fail-closed layer when no daemon answers.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { AuditPage } from '@ssg/contracts/audit';
import { ssgBin, type Workspace } from '@ssg/testing/cli-harness';
import { TestDaemon } from '../testing/test-daemon';

describe('ssg_evaluate through the daemon (built CLI, real MCP client)', () => {
  let ws: Workspace;
  let daemon: TestDaemon;
  let client: Client;

  const connect = async (daemonUrl: string): Promise<Client> => {
    const env = Object.entries(ws.env({ SSG_DAEMON_URL: daemonUrl })).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [ssgBin, 'mcp-server', '--client=cursor'],
      cwd: ws.project,
      env: Object.fromEntries(env),
      stderr: 'pipe',
    });
    const connected = new Client({ name: 'ssg-test', version: '1.0.0' });
    await connected.connect(transport);
    return connected;
  };
  const evaluate = async (session: Client, command: string) => {
    const result = await session.callTool({ name: 'ssg_evaluate', arguments: { tool: 'Bash', input: { command } } });
    const [content] = result.content as Array<{ text: string }>;
    assert.notEqual(result.isError, true, content?.text);
    return JSON.parse(content!.text) as { decision: string; rule_id?: string; reason?: string; warning?: string };
  };

  before(async () => {
    ({ ws, daemon } = await TestDaemon.forCli());
    client = await connect(daemon.url);
  });
  after(async () => {
    await client.close();
    await daemon.stopWithCli(ws);
  });

  test("a cap on the MCP-only host is enforced, and each call is in the audit log as that host's", async () => {
    const set = await daemon.request('POST', '/api/json/budget', {
      body: { mode: 'enforce', perClient: { cursor: { sessionCalls: 2 } } },
    });
    assert.equal(set.status, 200);
    assert.equal((await evaluate(client, 'ls')).decision, 'allow');
    assert.equal((await evaluate(client, 'git status')).decision, 'allow');
    const over = await evaluate(client, 'ls -la');
    assert.equal(over.decision, 'block');
    assert.match(over.reason ?? '', /session calls cap reached for cursor \(2\/2/);
    const audit = await daemon.request<AuditPage>('GET', '/api/json/audit?client=cursor&limit=10');
    assert.deepEqual(
      audit.body.records.map((record) => [record.decision, record.decidedBy]),
      [
        ['block', 'budget'],
        ['allow', 'rules'],
        ['allow', 'rules'],
      ],
    );
  });

  test('a spending warning reaches the model in the tool result', async () => {
    await daemon.request('POST', '/api/json/budget', {
      body: { mode: 'warn', warnAtPct: 0.5, perClient: { cursor: { sessionCalls: 5 } } },
    });
    const verdict = await evaluate(client, 'pwd');
    assert.equal(verdict.decision, 'allow');
    assert.match(verdict.warning ?? '', /cursor/);
    await daemon.request('POST', '/api/json/budget', { body: { mode: 'off' } });
  });

  test('with the fail-closed layer armed and no daemon answering, the call is blocked', async () => {
    const sentinel = join(ws.home, 'fail-closed');
    writeFileSync(sentinel, 'armed\n');
    const orphan = await connect('http://127.0.0.1:1');
    try {
      const verdict = await evaluate(orphan, 'ls');
      assert.equal(verdict.decision, 'block');
      assert.equal(verdict.rule_id, 'ssg_fail_closed');
    } finally {
      await orphan.close();
      rmSync(sentinel);
    }
  });
});
