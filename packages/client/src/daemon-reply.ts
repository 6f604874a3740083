// What a call to the daemon comes to, whichever transport carried it: its answer, its refusal in its own words,
// or nobody answering. Every caller has a defined answer for a daemon that is not running, so that is a value,
// not a thrown error.
export type DaemonReply<T> =
  | { kind: 'ok'; status: number; body: T }
  /** The daemon answered with an error status; `message` is its explanation. */
  | { kind: 'error'; status: number; message: string }
  /** Nothing answered (not running, wrong port, timed out): `problem` says which. */
  | { kind: 'unreachable'; problem: string }
  /** Something answered at the daemon's address without the daemon's proof (daemon-proof-check.ts): a squatter. */
  | { kind: 'unproven'; problem: string };

/** The reply for an HTTP status and body text: the JSON body, or the daemon's `message` for an error status. */
export function replyFrom<T>(status: number, text: string): DaemonReply<T> {
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (status >= 200 && status < 300) return { kind: 'ok', status, body: parsed as T };
  const message = (parsed as { message?: unknown } | undefined)?.message;
  return {
    kind: 'error',
    status,
    message: typeof message === 'string' && message !== '' ? message : text.trim().slice(0, 200) || `HTTP ${status}`,
  };
}
