// GET/POST /api/json/sleep-mode over real HTTP against a real daemon: the token, every malformed request a 400
// that says what is wrong and changes nothing, the layers on disk after on and off, concurrent writers, restarts.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MAX_SLEEP_MS, SLEEP_MODE_PATH, type SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { TestDaemon } from '../testing/test-daemon';

const HOUR = 3_600_000;

/** Everything a request could have changed: the state file and the layer files. */
function snapshot(home: string): Record<string, string | null> {
  const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null);
  return {
    state: read(join(home, 'sleep-mode.json')),
    rules: read(join(home, 'rules', 'ssg-sleep-at-night.rules')),
    selfProtection: read(join(home, 'rules', 'ssg-self-preservation.rules')),
    sentinel: read(join(home, 'fail-closed')),
  };
}

describe('sleep-mode routes', () => {
  let daemon: TestDaemon;
  before(async () => (daemon = await TestDaemon.start()));
  after(() => daemon.stop());

  const post = (body: unknown) => daemon.request<SleepModeResponse>('POST', SLEEP_MODE_PATH, { body });

  describe('the token is required (spec: Authentication 5)', () => {
    const cases: Array<[string, string, false | string, RegExp]> = [
      ['GET', 'no token', false, /missing X-Service-Token/],
      ['GET', 'a wrong token', 'f'.repeat(64), /invalid X-Service-Token/],
      ['POST', 'no token', false, /missing X-Service-Token/],
      ['POST', 'a wrong token', 'not-the-token', /invalid X-Service-Token/],
    ];
    for (const [method, name, token, message] of cases) {
      test(`${method} with ${name} → 401, nothing changed`, async () => {
        const before = snapshot(daemon.home);
        const response = await daemon.request<{ message: string }>(method, SLEEP_MODE_PATH, {
          token,
          ...(method === 'POST' ? { body: { enabled: true } } : {}),
        });
        assert.equal(response.status, 401);
        assert.match(response.body.message, message);
        assert.deepEqual(snapshot(daemon.home), before);
      });
    }
  });

  test('GET on a fresh home: off, no layer active', async () => {
    const response = await daemon.request<SleepModeResponse>('GET', SLEEP_MODE_PATH);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      enabled: false,
      mode: 'off',
      since: null,
      until: null,
      remainingMs: null,
      layers: {
        rules: { active: false, rules: 10, file: join(daemon.home, 'rules', 'ssg-sleep-at-night.rules') },
        selfProtection: { active: false, file: join(daemon.home, 'rules', 'ssg-self-preservation.rules') },
        failClosed: { active: false, file: join(daemon.home, 'fail-closed') },
        watch: { active: false },
        instructionFiles: 0,
        memory: false,
      },
    });
  });

  test('POST on for 8h arms the layers on disk; GET says the same; POST off tears them down', async () => {
    const events: unknown[] = [];
    const listener = (state: unknown) => events.push(state);
    daemon.daemon.events.on('sleep-mode', listener);
    try {
      const on = await post({ enabled: true, forMs: 8 * HOUR });
      assert.equal(on.status, 200);
      assert.equal(on.body.mode, 'timed');
      assert.equal(on.body.until! - on.body.since!, 8 * HOUR);
      assert.ok(on.body.remainingMs! <= 8 * HOUR && on.body.remainingMs! > 8 * HOUR - 60_000);
      for (const layer of ['rules', 'selfProtection', 'failClosed', 'watch'] as const) {
        assert.equal(on.body.layers[layer].active, true, layer);
      }
      const disk = snapshot(daemon.home);
      assert.ok(disk.rules?.includes('rule ssg_sleep_vcs_integrity'));
      assert.ok(disk.selfProtection?.includes('rule ssg_self_state'));
      assert.notEqual(disk.sentinel, null);
      assert.deepEqual(JSON.parse(disk.state!), {
        version: 1,
        mode: 'timed',
        since: on.body.since,
        until: on.body.until,
      });

      const got = await daemon.request<SleepModeResponse>('GET', SLEEP_MODE_PATH);
      assert.deepEqual({ ...got.body, remainingMs: 0 }, { ...on.body, remainingMs: 0 });

      const off = await post({ enabled: false });
      assert.equal(off.status, 200);
      assert.equal(off.body.mode, 'off');
      assert.deepEqual(
        Object.fromEntries(Object.entries(snapshot(daemon.home)).map(([key, value]) => [key, value !== null])),
        { state: true, rules: false, selfProtection: true, sentinel: false },
      );
      assert.deepEqual(events, [on.body, off.body], 'the dashboard hears both changes');
    } finally {
      daemon.daemon.events.off('sleep-mode', listener);
    }
  });

  describe('a bad request is a 400 that says what is wrong, and changes nothing', () => {
    before(async () => assert.equal((await post({ enabled: true })).status, 200));

    const hostile = `<script>${'\u202e'.repeat(10)}${'x'.repeat(10_000)}`;
    const cases: Array<{ name: string; body?: unknown; rawBody?: string; path?: string; message: RegExp }> = [
      {
        name: 'forMs zero',
        body: { enabled: true, forMs: 0 },
        message: /"forMs" is too small: it must be a whole number of milliseconds from 1 to 2592000000 \(30 days\)/,
      },
      { name: 'forMs negative', body: { enabled: true, forMs: -1000 }, message: /"forMs" is too small/ },
      {
        name: 'forMs one past 30 days',
        body: { enabled: true, forMs: MAX_SLEEP_MS + 1 },
        message: /"forMs" is too large/,
      },
      { name: 'forMs huge', body: { enabled: true, forMs: 1e20 }, message: /"forMs" is too large/ },
      {
        name: 'forMs beyond a double',
        rawBody: '{"enabled": true, "forMs": 1e400}',
        message: /"forMs" is not an integer/,
      },
      { name: 'forMs fractional', body: { enabled: true, forMs: 1.5 }, message: /"forMs" is not an integer/ },
      { name: 'forMs a duration string', body: { enabled: true, forMs: '8h' }, message: /"forMs" is not an integer/ },
      { name: 'forMs a numeric string', body: { enabled: true, forMs: '1000' }, message: /"forMs" is not an integer/ },
      { name: 'forMs null', body: { enabled: true, forMs: null }, message: /"forMs" is not an integer/ },
      {
        name: 'forMs with enabled false',
        body: { enabled: false, forMs: 1000 },
        message: /"forMs" applies only when "enabled" is true/,
      },
      { name: 'enabled a string', body: { enabled: 'false' }, message: /"enabled" must be true or false/ },
      { name: 'enabled a number', body: { enabled: 0 }, message: /"enabled" must be true or false/ },
      { name: 'enabled null', body: { enabled: null }, message: /"enabled" must be true or false/ },
      {
        name: 'enabled missing',
        body: {},
        message: /"enabled" is required; the body is \{"enabled": boolean, "forMs"\?: integer\}/,
      },
      { name: 'only forMs', body: { forMs: 1000 }, message: /"enabled" is required/ },
      { name: 'an unknown field', body: { enabled: false, until: 5 }, message: /unknown field "until"/ },
      {
        name: 'a hostile field name',
        body: { enabled: false, [hostile]: 1 },
        message: /^unknown field "<script>(\\u202e){10}x+\.\.\."; the body is/,
      },
      { name: 'an array', body: [{ enabled: false }], message: /the body must be a JSON object/ },
      { name: 'a string', body: 'off', message: /the body must be a JSON object/ },
      { name: 'malformed JSON', rawBody: '{"enabled": fals', message: /not valid JSON/ },
      { name: 'an empty body', rawBody: '', message: /empty/ },
      {
        name: 'a query parameter',
        path: `${SLEEP_MODE_PATH}?enabled=false`,
        body: { enabled: false },
        message: /takes no query parameters/,
      },
    ];
    for (const { name, body, rawBody, path, message } of cases) {
      test(name, async () => {
        const before = snapshot(daemon.home);
        const response = await daemon.request<{ statusCode: number; message: string }>(
          'POST',
          path ?? SLEEP_MODE_PATH,
          {
            body,
            rawBody,
          },
        );
        assert.equal(response.status, 400);
        assert.equal(response.body.statusCode, 400);
        assert.match(response.body.message, message);
        assert.ok(response.body.message.length < 300, 'a short message, whatever came in');
        assert.match(response.body.message, /^[\x20-\x7e]*$/, 'printable ASCII only');
        assert.deepEqual(snapshot(daemon.home), before);
        const state = await daemon.request<SleepModeResponse>('GET', SLEEP_MODE_PATH);
        assert.equal(state.body.mode, 'indefinite');
      });
    }

    test('GET with a query parameter → 400', async () => {
      const response = await daemon.request<{ message: string }>('GET', `${SLEEP_MODE_PATH}?verbose=1`);
      assert.equal(response.status, 400);
      assert.match(response.body.message, /takes no query parameters/);
    });
  });

  test('concurrent writers: the last answer is what is on disk, with its layers', async () => {
    const bodies = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0 ? { enabled: false } : i % 3 === 1 ? { enabled: true } : { enabled: true, forMs: (i + 1) * HOUR },
    );
    const responses = await Promise.all(bodies.map((body) => post(body)));
    assert.ok(responses.every((response) => response.status === 200));
    const final = (await daemon.request<SleepModeResponse>('GET', SLEEP_MODE_PATH)).body;
    const disk = snapshot(daemon.home);
    const stored = JSON.parse(disk.state!);
    assert.equal(stored.mode, final.mode);
    assert.equal(disk.sentinel !== null, final.enabled);
    assert.equal(disk.rules !== null, final.enabled);
    assert.ok(
      responses.some((response) => response.body.mode === final.mode && response.body.until === final.until),
      'the final state is one of the answers',
    );
  });
});

describe('sleep-mode across daemon restarts', () => {
  test('an armed state survives a restart', async () => {
    const first = await TestDaemon.start();
    await first.request('POST', SLEEP_MODE_PATH, { body: { enabled: true } });
    await first.stop({ keepHome: true });
    const second = await TestDaemon.start({ home: first.home });
    try {
      const state = await second.request<SleepModeResponse>('GET', SLEEP_MODE_PATH);
      assert.equal(state.body.mode, 'indefinite');
      assert.equal(state.body.layers.failClosed.active, true);
      assert.equal(state.body.layers.watch.active, true);
    } finally {
      await second.stop();
    }
  });

  test('a window that elapsed while the daemon was down is torn down when it starts', async () => {
    let now = 1_700_000_000_000;
    const clock = { now: () => now };
    const first = await TestDaemon.start({ clock });
    await first.request('POST', SLEEP_MODE_PATH, { body: { enabled: true, forMs: HOUR } });
    await first.stop({ keepHome: true });
    now += 2 * HOUR;
    const second = await TestDaemon.start({ home: first.home, clock });
    try {
      assert.equal(existsSync(join(second.home, 'fail-closed')), false, 'down before any request');
      assert.deepEqual(JSON.parse(readFileSync(join(second.home, 'sleep-mode.json'), 'utf8')), {
        version: 1,
        mode: 'off',
      });
      const state = await second.request<SleepModeResponse>('GET', SLEEP_MODE_PATH);
      assert.equal(state.body.mode, 'off');
    } finally {
      await second.stop();
    }
  });

  test('a timed window ends at the first request after it elapsed', async () => {
    let now = 1_700_000_000_000;
    const daemon = await TestDaemon.start({ clock: { now: () => now } });
    try {
      await daemon.request('POST', SLEEP_MODE_PATH, { body: { enabled: true, forMs: HOUR } });
      now += HOUR;
      const state = await daemon.request<SleepModeResponse>('GET', SLEEP_MODE_PATH);
      assert.equal(state.body.mode, 'off');
      assert.equal(existsSync(join(daemon.home, 'fail-closed')), false);
    } finally {
      await daemon.stop();
    }
  });
});
