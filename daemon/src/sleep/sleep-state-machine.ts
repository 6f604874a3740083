// Sleep at Night's state machine (the spec's table under "States and transitions"), pure: a state, an event and
// the time in, the next state and what to do with the layers out. The service does the I/O.
//
//   off            + enable (no forMs) → indefinite   arm
//   off            + enable forMs      → timed        arm
//   on (any)       + disable           → off          tear down (self-protection stays)
//   timed, elapsed + observe           → off          tear down (lazily, at the next call or the timer)
//
// The spec leaves the other cells open; these are ours. Enabling while on replaces the duration (or makes it
// indefinite) and keeps `since`, and re-arms so a layer file that went missing comes back. Disabling while off
// tears down again, so `ssg sleep off` always leaves the layers down. An elapsed timed state counts as off for
// every event, so an enable after the window starts a new window.
import type { SleepModeName } from '@ssg/contracts/sleep-mode';

export type SleepState =
  | { mode: 'off' }
  /** `since` is null when the state was inferred from a corrupt state file rather than set. */
  | { mode: 'indefinite'; since: number | null }
  | { mode: 'timed'; since: number; until: number };

export type SleepEvent =
  /** `forMs` is already validated (1 to MAX_SLEEP_MS); absent means until turned off. */
  | { type: 'enable'; forMs?: number }
  | { type: 'disable' }
  /** An API call or the timer looks at the state: a timed state whose window has elapsed ends here. */
  | { type: 'observe' };

/** What the layers must become: written and enabled, removed (but self-protection), or left as they are. */
export type LayerAction = 'arm' | 'tear-down' | 'none';

export interface Transition {
  state: SleepState;
  layers: LayerAction;
}

export const OFF: SleepState = { mode: 'off' };

export const isArmed = (state: SleepState): boolean => state.mode !== 'off';

const hasElapsed = (state: SleepState, now: number): boolean => state.mode === 'timed' && now >= state.until;

export function nextSleepState(state: SleepState, event: SleepEvent, now: number): Transition {
  const elapsed = hasElapsed(state, now);
  const current = elapsed ? OFF : state;
  switch (event.type) {
    case 'observe':
      return elapsed ? { state: OFF, layers: 'tear-down' } : { state, layers: 'none' };
    case 'disable':
      return { state: OFF, layers: 'tear-down' };
    case 'enable': {
      const since = current.mode !== 'off' && current.since !== null ? current.since : now;
      const next: SleepState =
        event.forMs === undefined ? { mode: 'indefinite', since } : { mode: 'timed', since, until: now + event.forMs };
      return { state: next, layers: 'arm' };
    }
  }
}

/** The state as the API reports it. */
export function describeSleepState(
  state: SleepState,
  now: number,
): { enabled: boolean; mode: SleepModeName; since: number | null; until: number | null; remainingMs: number | null } {
  switch (state.mode) {
    case 'off':
      return { enabled: false, mode: 'off', since: null, until: null, remainingMs: null };
    case 'indefinite':
      return { enabled: true, mode: 'indefinite', since: state.since, until: null, remainingMs: null };
    case 'timed':
      return {
        enabled: true,
        mode: 'timed',
        since: state.since,
        until: state.until,
        remainingMs: Math.max(0, state.until - now),
      };
  }
}
