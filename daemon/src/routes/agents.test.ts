// GET /api/json/agents and POST /api/json/agents/:name over real HTTP: `ssg doctor`'s report for a project, an
// install and uninstall in a temp project (files on disk, idempotent), and bad requests refused with a message
// and nothing written.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AGENTS_PATH, type AgentChangeResponse, type AgentsResponse } from '@ssg/contracts/dashboard';
import { TestDaemon } from '../testing/test-daemon';

describe('agents routes', () => {
  let daemon: TestDaemon;
  let project: string;
  before(async () => {
    daemon = await TestDaemon.start();
    project = mkdtempSync(join(tmpdir(), 'ssg-agents-project-'));
  });
  after(async () => {
    await daemon.stop();
    rmSync(project, { recursive: true, force: true });
  });

  const report = async () => {
    const response = await daemon.request<AgentsResponse>(
      'GET',
      `${AGENTS_PATH}?projectDir=${encodeURIComponent(project)}`,
    );
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body;
  };
  const change = (name: string, body: unknown) =>
    daemon.request<AgentChangeResponse & { message: string }>('POST', `${AGENTS_PATH}/${name}`, { body });

  test('the report lists every adapter, generic last, codex not installed and why', async () => {
    const body = await report();
    assert.equal(body.projectDir, project);
    assert.equal(body.agents.at(-1)?.name, 'generic');
    const codex = body.agents.find((agent) => agent.name === 'codex');
    assert.equal(codex?.installed, false);
    assert.match(codex?.problems.join('\n') ?? '', /codex\/config\.toml does not exist/);
  });

  test('install writes the files and puts starter rules in the daemon home; again changes nothing', async () => {
    const first = await change('codex', { action: 'install', projectDir: project });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.name, 'codex');
    assert.equal(first.body.changed, true);
    // Codex keeps its configuration in the user's home: the daemon's HOME, a temp folder here.
    const written = first.body.files.filter((file) => file.action === 'created' || file.action === 'updated');
    assert.ok(written.length > 0 && written.every((file) => existsSync(file.path)), JSON.stringify(first.body));
    assert.ok(existsSync(join(daemon.home, 'rules', 'default.rules')));
    const codex = (await report()).agents.find((agent) => agent.name === 'codex');
    assert.deepEqual(
      codex?.problems.filter((problem) => !/PATH/.test(problem)),
      [],
    );
    const again = await change('codex', { action: 'install', projectDir: project });
    assert.equal(again.status, 200);
    assert.equal(again.body.changed, false);
  });

  test('uninstall removes what install wrote', async () => {
    const response = await change('codex', { action: 'uninstall', projectDir: project });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.changed, true);
    assert.equal((await report()).agents.find((agent) => agent.name === 'codex')?.installed, false);
  });

  test('generic has nothing to install', async () => {
    const response = await change('generic', { action: 'install', projectDir: project });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.files, []);
    assert.match(response.body.manualSteps[0] ?? '', /nothing to install/);
  });

  test('a malformed config file → 409 with its message, the file untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssg-agents-bad-'));
    try {
      mkdirSync(join(dir, '.cursor'));
      writeFileSync(join(dir, '.cursor', 'mcp.json'), '{ not json');
      const response = await change('cursor', { action: 'install', projectDir: dir });
      assert.equal(response.status, 409, JSON.stringify(response.body));
      assert.match(response.body.message, /mcp\.json/);
      assert.match(response.body.message, /left untouched/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const bad: Array<[string, string, unknown, number, RegExp]> = [
    [
      'an unknown client',
      'nope',
      { action: 'install', projectDir: '/tmp' },
      404,
      /unknown client "nope": valid names are .*codex/,
    ],
    ['a relative projectDir', 'codex', { action: 'install', projectDir: 'project' }, 400, /absolute path/],
    ['a missing folder', 'codex', { action: 'install', projectDir: '/no/such/folder' }, 400, /not an existing folder/],
    [
      'an unknown action',
      'codex',
      { action: 'reinstall', projectDir: '/tmp' },
      400,
      /must be equal to one of the allowed values/,
    ],
    ['a wrong type', 'codex', { action: 'install', projectDir: 42 }, 400, /projectDir must be string/],
    ['an extra field', 'codex', { action: 'install', projectDir: '/tmp', force: true }, 400, /additional properties/],
    ['no projectDir', 'codex', { action: 'install' }, 400, /must have required property 'projectDir'/],
    [
      'a hostile name',
      encodeURIComponent('../../etc'),
      { action: 'install', projectDir: '/tmp' },
      404,
      /unknown client/,
    ],
  ];
  for (const [name, client, body, status, message] of bad) {
    test(`${name} → ${status}, nothing written`, async () => {
      const before = readdirSync(project);
      const response = await change(client, body);
      assert.equal(response.status, status, JSON.stringify(response.body));
      assert.match(response.body.message, message);
      assert.deepEqual(readdirSync(project), before);
    });
  }

  test('malformed JSON → 400', async () => {
    const response = await daemon.request<{ message: string }>('POST', `${AGENTS_PATH}/codex`, {
      rawBody: '{"action":',
    });
    assert.equal(response.status, 400);
  });

  test('GET with a relative projectDir → 400', async () => {
    const response = await daemon.request<{ message: string }>('GET', `${AGENTS_PATH}?projectDir=.`);
    assert.equal(response.status, 400);
    assert.match(response.body.message, /projectDir must be an absolute path/);
  });
});
