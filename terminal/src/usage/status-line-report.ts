// What Claude Code pipes to a statusLine command on stdin, read as an account's usage: the preferred source, since
// it needs no token (research §2.2). Since 2.1.80 the JSON carries `rate_limits.five_hour|seven_day.{used_percentage
// (0–100), resets_at (Unix seconds)}` for Claude.ai subscribers, but only after the session's first API answer, and
// either window may be missing — so a missing window is unknown, never 0. The input comes from a process ssg does
// not control: anything malformed reads as undefined, never a throw, and each field is taken only if it makes sense.
import { instantFrom, isRecord, percentFrom, textFrom } from './lenient-fields';
import { bucketsFrom, type AccountUsage, type UsageWindow } from './usage-window';

export interface StatusLineReport {
  /** The Claude Code session the pane runs; only ids made of letters, digits, `.`, `_` and `-` are taken, since
   *  the id goes into `claude --resume <id>` and into file names. */
  readonly sessionId?: string;
  readonly transcriptPath?: string;
  readonly cwd?: string;
  readonly model?: { readonly id?: string; readonly displayName?: string };
  readonly usage: AccountUsage;
}

/** Claude Code's status-line JSON is a few kilobytes; anything far larger is not it. */
const MAX_INPUT_CHARS = 1024 * 1024;
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Parses the status-line JSON of a session running on `accountId`, read at `observedAt` (epoch ms). */
export function parseStatusLineReport(
  stdin: string,
  accountId: string,
  observedAt: number,
): StatusLineReport | undefined {
  if (typeof stdin !== 'string' || stdin.length > MAX_INPUT_CHARS) return undefined;
  let input: unknown;
  try {
    input = JSON.parse(stdin);
  } catch {
    return undefined;
  }
  if (!isRecord(input)) return undefined;

  const sessionId = textFrom(input.session_id);
  const transcriptPath = textFrom(input.transcript_path);
  const cwd = textFrom(input.cwd) ?? (isRecord(input.workspace) ? textFrom(input.workspace.current_dir) : undefined);
  const model = isRecord(input.model)
    ? { id: textFrom(input.model.id, 256), displayName: textFrom(input.model.display_name, 256) }
    : undefined;
  return {
    ...(sessionId !== undefined && SESSION_ID.test(sessionId) && { sessionId }),
    ...(transcriptPath !== undefined && { transcriptPath }),
    ...(cwd !== undefined && { cwd }),
    ...(model && (model.id !== undefined || model.displayName !== undefined) && { model: withoutUndefined(model) }),
    usage: { accountId, ...bucketsFrom(windowsOf(input.rate_limits)), source: 'status-line', observedAt },
  };
}

/** Each `rate_limits` entry that has a usable `used_percentage`, under its own name (`five_hour`, `seven_day`, and
 *  whatever a later version adds). */
function windowsOf(rateLimits: unknown): [string, UsageWindow][] {
  if (!isRecord(rateLimits)) return [];
  const windows: [string, UsageWindow][] = [];
  for (const [name, value] of Object.entries(rateLimits)) {
    if (!isRecord(value) || name.length > 128) continue;
    const usedPercent = percentFrom(value.used_percentage);
    if (usedPercent === undefined) continue;
    const resetsAt = instantFrom(value.resets_at);
    windows.push([name, resetsAt === undefined ? { usedPercent } : { usedPercent, resetsAt }]);
  }
  return windows;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
