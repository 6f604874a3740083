// One EventSource on the daemon's live stream (GET /api/json/events) for the whole dashboard. EventSource sends the
// session cookie by itself on a same-origin URL and reconnects on its own; stores subscribe by event name.
import { EVENTS_PATH, LIVE_EVENT_NAMES, type LiveEventMap, type LiveEventName } from '@ssg/contracts/events';

type Listener<K extends LiveEventName> = (data: LiveEventMap[K]) => void;
type StatusListener = (connected: boolean) => void;

const listeners = new Map<LiveEventName, Set<Listener<LiveEventName>>>();
const statusListeners = new Set<StatusListener>();
let source: EventSource | undefined;

/** Opens the stream once (after sign-in is known to work). */
export function connectLiveEvents(): void {
  if (source) return;
  source = new EventSource(EVENTS_PATH);
  source.onopen = () => statusListeners.forEach((l) => l(true));
  source.onerror = () => statusListeners.forEach((l) => l(false));
  for (const name of LIVE_EVENT_NAMES) {
    source.addEventListener(name, (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      listeners.get(name)?.forEach((listener) => listener(data as never));
    });
  }
}

export function disconnectLiveEvents(): void {
  source?.close();
  source = undefined;
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
