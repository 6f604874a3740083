// Decides whether a pane's agent hit a USAGE limit. Claude Code's structured signals come first — the StopFailure
// hook (v2.1.78) and the API-error line it appends to the transcript — but their `rate_limit` also covers a
// server-side throttle ("Server is temporarily limiting requests (not your usage limit)"), which passes by
// itself. So a structured rate_limit counts as a usage limit only when confirmed: by the limit message (in the
// error's texts or at the bottom of the screen) or by the account's usage reading showing a window at 100%. The
// screen alone is the fallback for when no structured signal arrives, and only its last few lines count.
import { type AccountUsage, type UsageWindow } from './account-standing';
import { findLimitOnScreen, isServerThrottleText, matchLimitText } from './limit-text';

/** The StopFailure hook's input, as much of it as matters here. Some write-ups call `error` `error_type`. */
export interface StopFailureHookInput {
  hook_event_name: string;
  error?: string;
  error_type?: string;
  error_details?: string;
  last_assistant_message?: string;
}

/** An assistant line of the session's transcript (JSONL). */
export interface TranscriptLine {
  isApiErrorMessage?: boolean;
  error?: string;
  apiErrorStatus?: number;
  message?: { content?: readonly { type?: string; text?: string }[] };
}

export interface LimitEvidence {
  hook?: StopFailureHookInput;
  transcript?: TranscriptLine;
  /** The account's latest usage reading. */
  usage?: AccountUsage;
  /** The pane's screen, logical lines (wrapped rows joined), top to bottom. */
  screenLines?: readonly string[];
}

export type LimitSignal =
  | { kind: 'usage-limit'; resetsAt?: number; source: 'hook' | 'transcript' | 'screen' }
  | { kind: 'throttle' }
  | { kind: 'none' };

export interface LimitSignalOptions {
  now: number;
  /** Zone of a reset time printed without one; the system's by default. */
  localTimeZone?: string;
}

function isRateLimitHook(hook: StopFailureHookInput | undefined): boolean {
  return hook?.hook_event_name === 'StopFailure' && (hook.error ?? hook.error_type) === 'rate_limit';
}

function isRateLimitLine(line: TranscriptLine | undefined): boolean {
  if (line?.isApiErrorMessage !== true) return false;
  return line.error === 'rate_limit' || (line.error === undefined && line.apiErrorStatus === 429);
}

function errorTexts({ hook, transcript }: LimitEvidence): string[] {
  const texts = [hook?.error_details, hook?.last_assistant_message];
  for (const part of transcript?.message?.content ?? []) texts.push(part.text);
  return texts.filter((text): text is string => typeof text === 'string' && text !== '');
}

function fullWindows(usage: AccountUsage | undefined, now: number): UsageWindow[] {
  // A full window whose reset has passed is a stale reading, not a limit.
  return [usage?.fiveHour, usage?.sevenDay].filter(
    (w): w is UsageWindow => w !== undefined && w.usedPercent >= 100 && (w.resetsAt === undefined || w.resetsAt > now),
  );
}

/** The latest of the known resets: the account is blocked until every full window has reset, and a reset read
 * too late costs a little waiting where one read too early costs a conversation switched back onto a refusal. */
function latest(resets: (number | undefined)[]): number | undefined {
  const known = resets.filter((reset): reset is number => reset !== undefined);
  return known.length === 0 ? undefined : Math.max(...known);
}

export function detectLimitSignal(evidence: LimitEvidence, options: LimitSignalOptions): LimitSignal {
  const structured = isRateLimitHook(evidence.hook)
    ? 'hook'
    : isRateLimitLine(evidence.transcript)
      ? 'transcript'
      : undefined;
  const texts = errorTexts(evidence);
  if (texts.some(isServerThrottleText)) return { kind: 'throttle' };

  const screen = evidence.screenLines && findLimitOnScreen(evidence.screenLines, options);
  if (!structured)
    return screen ? { kind: 'usage-limit', resetsAt: screen.resetsAt, source: 'screen' } : { kind: 'none' };

  const message = texts.map((text) => matchLimitText(text, { ...options, anywhere: true })).find(Boolean) ?? screen;
  const full = fullWindows(evidence.usage, options.now);
  if (!message && full.length === 0) return { kind: 'throttle' }; // an unconfirmed rate_limit passes by itself
  return {
    kind: 'usage-limit',
    resetsAt: latest([message?.resetsAt, ...full.map((window) => window.resetsAt)]),
    source: structured,
  };
}
