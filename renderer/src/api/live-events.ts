// One reader of the daemon's live stream (GET /api/json/events) for the whole dashboard; stores subscribe by event
// name. Read with fetch, not EventSource: EventSource cannot send headers, and the tab's session travels only as
// `Authorization: Bearer` (never a cookie, never in a URL). Like EventSource it reconnects when the stream ends
// or the daemon cannot be reached, waiting longer each time; a 401 ends the tab's session instead.
import { EVENTS_PATH, LIVE_EVENT_NAMES, type LiveEventMap, type LiveEventName } from '@ssg/contracts/events';
import { ServerSentEventParser } from './server-sent-events';
import { sessionHeaders, sessionRefused } from './tab-session';

type Listener<K extends LiveEventName> = (data: LiveEventMap[K]) => void;
type StatusListener = (connected: boolean) => void;

/** The first wait before reconnecting, doubled after each failed try up to the longest. */
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 15_000;

const EVENT_NAMES = new Set<string>(LIVE_EVENT_NAMES);
const listeners = new Map<LiveEventName, Set<Listener<LiveEventName>>>();
const statusListeners = new Set<StatusListener>();
/** Aborts the current reader; undefined when none runs. */
let running: AbortController | undefined;

/** Starts reading the stream, once (after sign-in is known to work). */
export function connectLiveEvents(): void {
  if (running) return;
  running = new AbortController();
  void follow(running.signal);
}

export function disconnectLiveEvents(): void {
  running?.abort();
  running = undefined;
  statusListeners.forEach((l) => l(false));
}

export function onLiveEvent<K extends LiveEventName>(name: K, listener: Listener<K>): () => void {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(listener as Listener<LiveEventName>);
  return () => set.delete(listener as Listener<LiveEventName>);
}

export function onLiveStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Reads the stream until disconnected, reconnecting after each end, until the daemon refuses the session. */
async function follow(signal: AbortSignal): Promise<void> {
  let retryMs = FIRST_RETRY_MS;
  while (!signal.aborted) {
    const outcome = await readOnce(signal, () => (retryMs = FIRST_RETRY_MS));
    if (signal.aborted) return;
    statusListeners.forEach((l) => l(false));
    if (outcome === 'refused') {
      running = undefined;
      sessionRefused();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  }
}

/** One connection: 'refused' on a 401, 'ended' when it could not open or closed. */
async function readOnce(signal: AbortSignal, opened: () => void): Promise<'ended' | 'refused'> {
  try {
    const response = await fetch(EVENTS_PATH, {
      headers: { accept: 'text/event-stream', ...sessionHeaders() },
      cache: 'no-store',
      signal,
    });
    if (response.status === 401) return 'refused';
    if (!response.ok || !response.body) return 'ended';
    opened();
    statusListeners.forEach((l) => l(true));
    const parser = new ServerSentEventParser(({ event, data }) => deliver(event, data));
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'ended';
      parser.push(value);
    }
  } catch {
    // Not reachable, reset, or aborted by disconnectLiveEvents (which the caller sees on the signal).
    return 'ended';
  }
}

function deliver(event: string, data: string): void {
  if (!EVENT_NAMES.has(event)) return;
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return;
  }
  listeners.get(event as LiveEventName)?.forEach((listener) => listener(payload as never));
}
