// What the daemon tells the dashboard as it happens (the SSE stream): one typed emitter, so areas publish without
// knowing who listens.
import { EventEmitter } from 'node:events';
import type { LiveEventMap, LiveEventName } from '@ssg/contracts/events';

/** Each event with its payload, as the live stream carries it (packages/contracts/src/schemas/events.ts). */
export type DaemonEventMap = { [Name in LiveEventName]: [payload: LiveEventMap[Name]] };

export class DaemonEvents extends EventEmitter<DaemonEventMap> {
  constructor() {
    super();
    // Every open dashboard tab is a listener; the default warning at 10 would be noise, not a leak.
    this.setMaxListeners(1000);
  }
}
