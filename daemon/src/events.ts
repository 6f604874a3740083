// What the daemon tells the dashboard as it happens (the SSE stream): one typed emitter, so areas publish without
// knowing who listens.
import { EventEmitter } from 'node:events';

export interface DaemonEventMap {
  /** A tool call was decided (an audit record). */
  decision: [record: unknown];
  /** An ASK is waiting, or was answered or timed out. */
  approval: [approval: unknown];
  /** Sleep at Night changed state. */
  'sleep-mode': [state: unknown];
  /** The budget configuration changed. */
  budget: [config: unknown];
  /** Rule files were reloaded (with their diagnostics). */
  rules: [summary: unknown];
}

export class DaemonEvents extends EventEmitter<DaemonEventMap> {
  constructor() {
    super();
    // Every open dashboard tab is a listener; the default warning at 10 would be noise, not a leak.
    this.setMaxListeners(1000);
  }
}
