// The Sleep at Night service against a real temp home and an injected clock: the layers on disk, lazy expiry,
// the timer (Node's mock timers, so a 30-day window runs in no time), restarts, and a corrupt state file.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { MAX_SLEEP_MS, type SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { bundledRulesDir } from '@ssg/node/resources';
import { DaemonEvents } from '../events';
import { MAX_TIMER_DELAY_MS, SleepMode } from './sleep-mode';
import { sleepModeFilePath } from './sleep-mode-file';

const HOUR = 3_600_000;
const bundled = (name: string): Buffer => readFileSync(join(bundledRulesDir(), name));

class ManualClock {
  constructor(public time: number) {}
  now = (): number => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

interface Harness {
  home: string;
  clock: ManualClock;
  events: DaemonEvents;
  emitted: SleepModeResponse[];
  watching: boolean[];
  /** A new service on the same home (a daemon restart), started. */
  start(): SleepMode;
}

let h: Harness;
let services: SleepMode[];

beforeEach(() => {
  const home = mkdtempSync(join(tmpdir(), 'ssg-sleep-test-'));
  const events = new DaemonEvents();
  const emitted: SleepModeResponse[] = [];
  events.on('sleep-mode', (state) => emitted.push(state as SleepModeResponse));
  const watching: boolean[] = [];
  services = [];
  h = {
    home,
    clock: new ManualClock(1_700_000_000_000),
    events,
    emitted,
    watching,
    start() {
      const service = new SleepMode({ home, clock: h.clock, events, setRuleWatching: (on) => watching.push(on) });
      service.start();
      services.push(service);
      return service;
    },
  };
});

afterEach(() => {
  for (const service of services) service.stop();
  rmSync(h.home, { recursive: true, force: true });
});

const paths = () => ({
  rules: join(h.home, 'rules', 'ssg-sleep-at-night.rules'),
  selfProtection: join(h.home, 'rules', 'ssg-self-preservation.rules'),
  sentinel: join(h.home, 'fail-closed'),
  state: sleepModeFilePath(h.home),
});

const exists = (path: string): boolean => statSync(path, { throwIfNoEntry: false }) !== undefined;
const stateFile = (): unknown => JSON.parse(readFileSync(paths().state, 'utf8'));

function assertArmed(state: SleepModeResponse): void {
  const p = paths();
  assert.equal(state.enabled, true);
  assert.deepEqual(readFileSync(p.rules), bundled('sleep-at-night.rules'), 'the sleep rules, byte for byte');
  assert.deepEqual(readFileSync(p.selfProtection), bundled('self-preservation.rules'));
  assert.ok(exists(p.sentinel), 'the fail-closed sentinel');
  assert.deepEqual(state.layers, {
    rules: { active: true, rules: 10, file: p.rules },
    selfProtection: { active: true, file: p.selfProtection },
    failClosed: { active: true, file: p.sentinel },
    watch: { active: true },
    instructionFiles: 0,
    memory: false,
  });
}

function assertTornDown(state: SleepModeResponse): void {
  const p = paths();
  assert.equal(state.enabled, false);
  assert.equal(state.mode, 'off');
  assert.ok(!exists(p.rules), 'the sleep rules are removed');
  assert.ok(!exists(p.sentinel), 'the sentinel is removed');
  assert.deepEqual(readFileSync(p.selfProtection), bundled('self-preservation.rules'), 'self-protection stays');
  assert.equal(state.layers.rules.active, false);
  assert.equal(state.layers.failClosed.active, false);
  assert.equal(state.layers.selfProtection.active, true);
  assert.equal(state.layers.watch.active, false);
}

describe('SleepMode', () => {
  test('a home that never had Sleep at Night is off, and looking writes nothing', () => {
    const state = h.start().get();
    assert.deepEqual(
      { ...state, layers: undefined },
      { enabled: false, mode: 'off', since: null, until: null, remainingMs: null, layers: undefined },
    );
    assert.equal(state.layers.selfProtection.active, false);
    assert.ok(!exists(paths().state));
    assert.ok(!exists(join(h.home, 'rules')));
    assert.deepEqual(h.emitted, []);
  });

  test('on (indefinite) arms every layer, persists the state 0600 and tells the dashboard', () => {
    const state = h.start().set({ enabled: true });
    assertArmed(state);
    assert.equal(state.mode, 'indefinite');
    assert.equal(state.since, h.clock.time);
    assert.equal(state.until, null);
    assert.equal(state.problem, undefined);
    assert.deepEqual(stateFile(), { version: 1, mode: 'indefinite', since: h.clock.time });
    assert.equal(statSync(paths().state).mode & 0o777, 0o600);
    assert.deepEqual(h.emitted, [state]);
    assert.deepEqual(h.watching, [true]);
  });

  test('arming twice changes nothing on disk', () => {
    const service = h.start();
    service.set({ enabled: true });
    const p = paths();
    const before = [p.rules, p.selfProtection, p.sentinel].map((path) => statSync(path));
    service.set({ enabled: true });
    const after = [p.rules, p.selfProtection, p.sentinel].map((path) => statSync(path));
    assert.deepEqual(
      after.map((s) => [s.ino, s.mtimeMs]),
      before.map((s) => [s.ino, s.mtimeMs]),
    );
    assert.deepEqual(h.watching, [true], 'the watcher is not restarted');
  });

  test('off tears the layers down but leaves self-protection, and leaves the user’s own rules alone', () => {
    const rulesDir = join(h.home, 'rules');
    mkdirSync(rulesDir, { recursive: true });
    writeFileSync(join(rulesDir, 'mine.rules'), 'rule mine { DENY execution IF command CONTAINS "x" }\n');
    writeFileSync(join(rulesDir, 'ssg-sleep-at-night.rules.bak'), 'kept\n');
    const service = h.start();
    service.set({ enabled: true });
    const state = service.set({ enabled: false });
    assertTornDown(state);
    assert.deepEqual(stateFile(), { version: 1, mode: 'off' });
    assert.equal(
      readFileSync(join(rulesDir, 'mine.rules'), 'utf8'),
      'rule mine { DENY execution IF command CONTAINS "x" }\n',
    );
    assert.equal(readFileSync(join(rulesDir, 'ssg-sleep-at-night.rules.bak'), 'utf8'), 'kept\n');
    assert.deepEqual(h.watching, [true, false]);
    assert.equal(h.emitted.length, 2);
  });

  test('a timed window ends lazily at the first look after it elapsed', () => {
    const service = h.start();
    const since = h.clock.time;
    const armed = service.set({ enabled: true, forMs: 8 * HOUR });
    assertArmed(armed);
    assert.deepEqual([armed.mode, armed.until, armed.remainingMs], ['timed', since + 8 * HOUR, 8 * HOUR]);
    assert.deepEqual(stateFile(), { version: 1, mode: 'timed', since, until: since + 8 * HOUR });

    h.clock.advance(8 * HOUR - 1);
    const almost = service.get();
    assert.deepEqual([almost.mode, almost.remainingMs], ['timed', 1]);
    assert.ok(exists(paths().sentinel));

    h.clock.advance(1);
    assert.ok(exists(paths().sentinel), 'nothing happens until someone looks (the timer is not due in real time)');
    const after = service.get();
    assertTornDown(after);
    assert.deepEqual(stateFile(), { version: 1, mode: 'off' });
    assert.deepEqual(h.emitted.at(-1), after);
  });

  test('enabling again replaces the window and keeps since', () => {
    const service = h.start();
    const since = h.clock.time;
    service.set({ enabled: true, forMs: HOUR });
    h.clock.advance(10);
    const indefinite = service.set({ enabled: true });
    assert.deepEqual([indefinite.mode, indefinite.since, indefinite.until], ['indefinite', since, null]);
  });

  describe('the timer', () => {
    beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
    afterEach(() => mock.timers.reset());

    /** Moves the clock and Node's timers together. */
    const pass = (ms: number) => {
      h.clock.advance(ms);
      mock.timers.tick(ms);
    };

    test('tears the layers down on time with nobody asking', () => {
      const service = h.start();
      service.set({ enabled: true, forMs: 30_000 });
      pass(29_999);
      assert.ok(exists(paths().sentinel));
      pass(1);
      assert.ok(!exists(paths().sentinel));
      assert.ok(!exists(paths().rules));
      assert.deepEqual(stateFile(), { version: 1, mode: 'off' });
      assert.equal(h.emitted.at(-1)?.mode, 'off');
      assertTornDown(service.get());
    });

    test('a 30-day window outlasts one setTimeout (2^31-1 ms): re-armed, and ends on time', () => {
      const service = h.start();
      service.set({ enabled: true, forMs: MAX_SLEEP_MS });
      pass(MAX_TIMER_DELAY_MS);
      assert.ok(exists(paths().sentinel), 'still armed after the first timer');
      assert.equal(h.emitted.length, 1);
      pass(MAX_SLEEP_MS - MAX_TIMER_DELAY_MS - 1);
      assert.ok(exists(paths().sentinel), 'still armed one millisecond before the end');
      pass(1);
      assert.ok(!exists(paths().sentinel), 'down at the end of the window');
      assert.equal(h.emitted.at(-1)?.mode, 'off');
    });

    test('off cancels the timer; stop() leaves the state for the next start', () => {
      const service = h.start();
      service.set({ enabled: true, forMs: HOUR });
      service.set({ enabled: false });
      service.set({ enabled: true, forMs: 2 * HOUR });
      service.stop();
      pass(3 * HOUR);
      assert.equal(h.emitted.length, 3, 'no timer fired');
      assert.ok(exists(paths().sentinel));
    });
  });

  describe('restarts', () => {
    test('an armed state survives a restart, and the restart repairs a missing layer', () => {
      h.start().set({ enabled: true, forMs: HOUR });
      services[0]!.stop();
      rmSync(paths().sentinel);
      rmSync(paths().rules);
      const state = h.start().get();
      assertArmed(state);
      assert.equal(state.mode, 'timed');
    });

    test('a window that elapsed while the daemon was down is torn down at start', () => {
      h.start().set({ enabled: true, forMs: HOUR });
      services[0]!.stop();
      h.clock.advance(2 * HOUR);
      h.start();
      assert.ok(!exists(paths().sentinel), 'torn down by start(), before any call');
      assert.ok(!exists(paths().rules));
      assert.deepEqual(stateFile(), { version: 1, mode: 'off' });
      assertTornDown(services[1]!.get());
    });

    test('an off state stays off after a restart', () => {
      const first = h.start();
      first.set({ enabled: true });
      first.set({ enabled: false });
      first.stop();
      assertTornDown(h.start().get());
    });
  });

  describe('a corrupt sleep-mode.json is armed, reported, and never reset to something weaker', () => {
    const SECRET = 'sk-live-do-not-echo-0123456789';
    const cases: Array<{ name: string; write: (path: string) => void; problem: RegExp }> = [
      { name: 'not JSON', write: (p) => writeFileSync(p, `{"mode": "off", ${SECRET}`), problem: /is not valid JSON/ },
      { name: 'empty', write: (p) => writeFileSync(p, ''), problem: /is not valid JSON/ },
      { name: 'an array', write: (p) => writeFileSync(p, `["${SECRET}"]`), problem: /not a JSON object/ },
      {
        name: 'an unknown mode',
        write: (p) => writeFileSync(p, JSON.stringify({ version: 1, mode: SECRET })),
        problem: /"mode" is not off, indefinite or timed/,
      },
      {
        name: 'no version',
        write: (p) => writeFileSync(p, JSON.stringify({ mode: 'off' })),
        problem: /"version" is not 1/,
      },
      {
        name: 'a hand-added field',
        write: (p) => writeFileSync(p, JSON.stringify({ version: 1, mode: 'off', note: SECRET })),
        problem: /exactly the fields version, mode/,
      },
      {
        name: 'a timed state without until',
        write: (p) => writeFileSync(p, JSON.stringify({ version: 1, mode: 'timed', since: 5 })),
        problem: /exactly the fields version, mode, since, until/,
      },
      {
        name: 'until before since',
        write: (p) => writeFileSync(p, JSON.stringify({ version: 1, mode: 'timed', since: 5, until: 4 })),
        problem: /"until" is not a time/,
      },
      {
        name: 'a string where a time belongs',
        write: (p) => writeFileSync(p, JSON.stringify({ version: 1, mode: 'indefinite', since: SECRET })),
        problem: /"since" is not a time/,
      },
      { name: 'huge', write: (p) => writeFileSync(p, ' '.repeat(200_000)), problem: /too large/ },
      { name: 'a folder', write: (p) => mkdirSync(p), problem: /is a folder, not a file/ },
    ];

    for (const { name, write, problem } of cases) {
      test(name, () => {
        write(paths().state);
        const state = h.start().get();
        assertArmed(state);
        assert.equal(state.mode, 'indefinite');
        assert.equal(state.since, null);
        assert.match(state.problem ?? '', problem);
        assert.ok(state.problem?.includes(paths().state), 'names the file');
        assert.match(state.problem ?? '', /treated as on until a new state is set/);
        assert.ok(!state.problem?.includes(SECRET), 'never quotes the content');
      });
    }

    test('left untouched until a POST repairs it', () => {
      writeFileSync(paths().state, 'garbage');
      const service = h.start();
      h.clock.advance(365 * 24 * HOUR);
      assert.equal(service.get().enabled, true, 'a corrupt state never expires');
      assert.equal(readFileSync(paths().state, 'utf8'), 'garbage');
      const repaired = service.set({ enabled: false });
      assertTornDown(repaired);
      assert.equal(repaired.problem, undefined);
      assert.deepEqual(stateFile(), { version: 1, mode: 'off' });
      assert.equal(service.get().problem, undefined);
    });

    test('a POST that arms repairs it too, with since set to now', () => {
      writeFileSync(paths().state, 'garbage');
      const service = h.start();
      const state = service.set({ enabled: true, forMs: HOUR });
      assert.deepEqual([state.mode, state.since, state.problem], ['timed', h.clock.time, undefined]);
      assert.deepEqual(stateFile(), { version: 1, mode: 'timed', since: h.clock.time, until: h.clock.time + HOUR });
    });
  });
});
