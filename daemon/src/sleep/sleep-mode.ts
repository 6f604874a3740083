// The Sleep at Night service: holds the state, persists it in sleep-mode.json, keeps the layers in line with it
// and tells the dashboard (`sleep-mode` on DaemonEvents) whenever it changes.
//
// A timed state ends two ways, whichever comes first: lazily, when an API call looks at it after the window has
// elapsed (the spec's rule, which also covers a window that elapsed while the daemon was down), and by a timer,
// so the layers come down on time while the daemon runs even if nobody asks.
//
// Failing safe: a corrupt or unreadable sleep-mode.json is never read as off. The state is taken as armed
// (indefinite), the layers are armed, GET reports the problem, and the file is left for inspection until a POST
// writes a new state. Every step orders its writes so that a crash half-way leaves the state armed: arming
// persists the state before writing the layers, tearing down removes the layers before persisting off.
import type { SleepModeRequest, SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { bundledRulesDir } from '@ssg/node/resources';
import type { Clock } from '../clock';
import type { DaemonEvents } from '../events';
import { SleepLayers } from './sleep-layers';
import { readSleepModeFile, writeSleepModeFile } from './sleep-mode-file';
import {
  describeSleepState,
  isArmed,
  type LayerAction,
  nextSleepState,
  OFF,
  type SleepEvent,
  type SleepState,
} from './sleep-state-machine';

/** setTimeout's largest delay (2^31-1 ms, about 24.8 days); a 30-day window re-arms the timer once. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** When tearing the layers down on time fails (a file that cannot be removed), how long until the next try. */
const TEAR_DOWN_RETRY_MS = 60_000;

export interface SleepModeOptions {
  home: string;
  clock: Clock;
  events: DaemonEvents;
  /** Sleep at Night's watch layer: the daemon's rule registry starts or stops watching rule files. */
  setRuleWatching: (on: boolean) => void;
  /** Where the bundled rule files are (default: ssg's resources). */
  bundledRulesDir?: string;
}

export class SleepMode {
  private readonly home: string;
  private readonly clock: Clock;
  private readonly events: DaemonEvents;
  private readonly layers: SleepLayers;
  private state: SleepState = OFF;
  /** Why the state is not the one in sleep-mode.json; cleared by the next POST. */
  private problem: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: SleepModeOptions) {
    this.home = options.home;
    this.clock = options.clock;
    this.events = options.events;
    this.layers = new SleepLayers(
      { home: options.home, bundledRulesDir: options.bundledRulesDir ?? bundledRulesDir() },
      options.setRuleWatching,
    );
  }

  /**
   * Loads the persisted state: a window that elapsed while the daemon was down is torn down now, an armed state
   * has its layers written again (repairing anything removed meanwhile), and a timed one gets its timer.
   */
  start(): void {
    const stored = readSleepModeFile(this.home);
    if (stored.kind === 'corrupt') {
      this.state = { mode: 'indefinite', since: null };
      this.problem = `${stored.problem}; Sleep at Night is treated as on until a new state is set (ssg sleep on|off)`;
    } else {
      this.state = stored.kind === 'ok' ? stored.state : OFF;
    }
    const transition = nextSleepState(this.state, { type: 'observe' }, this.clock.now());
    if (transition.layers !== 'none') this.apply(transition.state, transition.layers);
    // Armed: repair the layers, but leave the state file alone (a corrupt one stays for inspection).
    else if (isArmed(this.state)) this.layers.arm();
    this.schedule();
  }

  /** Stops the timer; the state and the layers stay as they are for the next start. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The current state, after ending a timed state whose window has elapsed. */
  get(): SleepModeResponse {
    this.observe();
    return this.report();
  }

  /** Applies a validated request (forMs only with enabled, 1 to MAX_SLEEP_MS) and persists the new state. */
  set(request: SleepModeRequest): SleepModeResponse {
    const event: SleepEvent = request.enabled ? { type: 'enable', forMs: request.forMs } : { type: 'disable' };
    const transition = nextSleepState(this.state, event, this.clock.now());
    // Enabling and disabling always act on the layers, so the state file is written even when the state is the
    // same: a POST is how the user repairs a corrupt file.
    if (transition.layers !== 'none') this.apply(transition.state, transition.layers);
    this.problem = undefined;
    this.schedule();
    return this.announce();
  }

  private observe(): void {
    const transition = nextSleepState(this.state, { type: 'observe' }, this.clock.now());
    if (transition.layers === 'none') return;
    this.apply(transition.state, transition.layers);
    this.schedule();
    this.announce();
  }

  /** Moves to `next`, persisting it and acting on the layers in the order that fails toward armed. */
  private apply(next: SleepState, layers: Exclude<LayerAction, 'none'>): void {
    if (layers === 'arm') {
      writeSleepModeFile(this.home, next);
      this.state = next;
      this.layers.arm();
    } else {
      this.layers.tearDown();
      writeSleepModeFile(this.home, next);
      this.state = next;
    }
  }

  private schedule(): void {
    this.stop();
    if (this.state.mode !== 'timed') return;
    const delay = Math.min(Math.max(0, this.state.until - this.clock.now()), MAX_TIMER_DELAY_MS);
    this.timer = setTimeout(() => this.onTimer(), delay);
    // The daemon's server keeps the process alive; a pending expiry alone must not.
    this.timer.unref();
  }

  private onTimer(): void {
    this.timer = undefined;
    try {
      this.observe();
      // Not yet elapsed: the window was longer than one timer can wait.
      if (this.timer === undefined) this.schedule();
    } catch {
      // The state stays armed (the safe side); GET reports the error when it tries the same.
      this.timer = setTimeout(() => this.onTimer(), TEAR_DOWN_RETRY_MS);
      this.timer.unref();
    }
  }

  private report(): SleepModeResponse {
    const response: SleepModeResponse = {
      ...describeSleepState(this.state, this.clock.now()),
      layers: this.layers.report(),
    };
    if (this.problem !== undefined) response.problem = this.problem;
    return response;
  }

  private announce(): SleepModeResponse {
    const response = this.report();
    this.events.emit('sleep-mode', response);
    return response;
  }
}
