// The daemon's live stream (GET /api/json/events): its path, the names of its events and their payloads, shared
// by the daemon, which publishes them, and the dashboard, which listens. The types come from schemas/events.ts;
// this module loads no schema library.
import type { LiveEventMap } from './schemas/events';

export const EVENTS_PATH = '/api/json/events';

export type LiveEventName = keyof LiveEventMap;

/** Every event the stream carries: a Record, so that an event added to LiveEventMap cannot be left out here. */
const NAMED: Record<LiveEventName, true> = {
  decision: true,
  approval: true,
  'sleep-mode': true,
  budget: true,
  rules: true,
};

export const LIVE_EVENT_NAMES = Object.keys(NAMED) as LiveEventName[];

export type { LiveEventMap };
export type { RulesReloaded } from './schemas/events';
