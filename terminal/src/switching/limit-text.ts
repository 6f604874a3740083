// Recognises Claude Code's usage-limit messages across versions and reads the reset out of them. The wording
// changed many times (research doc §3.1): "Claude usage limit reached. Your limit will reset at 3pm (TZ)." and its
// raw form "Claude AI usage limit reached|<epoch seconds>" (2025), "5-hour limit reached ∙ resets 12pm",
// "Weekly limit reached · resets Dec 2, 7pm (TZ)", "You've hit your limit · resets 2am (TZ)" and, from 2.1.17x,
// "You've hit your session|weekly limit · resets …". So the match is on the stable prefixes (the Agent SDK's
// usage-limit prefixes "You've hit your", "You've reached your") and on the "… limit reached" forms, never on a
// whole sentence.
import { instantOfWallClock, systemTimeZone, wallClockAt } from './wall-clock';

export interface LimitText {
  /** When the limit lifts (epoch ms); undefined when the message names none or names a zone Intl does not know. */
  resetsAt?: number;
}

export interface LimitTextOptions {
  now: number;
  /** The zone of a reset without one ("resets 12pm" is the machine's local time). Defaults to the system's. */
  localTimeZone?: string;
}

const LIMIT_PHRASE =
  /(?:you've (?:hit|reached) your (?:[\w-]+ ){0,3}limit\b|you're out of extra usage\b|claude (?:ai )?usage limit reached\b|(?:5-hour|session|weekly|(?:opus|sonnet) weekly) limit reached\b)/i;

/** "Server is temporarily limiting requests (not your usage limit)": a rate_limit error that is a throttle. */
const SERVER_THROTTLE = /temporarily limiting requests|not your usage limit/i;

const EPOCH_RESET = /usage limit reached\s*\|\s*(\d{10}|\d{13})\b/i;
const MONTH_MS = 30 * 24 * 3600_000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const CLOCK_RESET =
  /\breset(?:s)?(?: at)?\s+(?:(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2}),?\s+)?(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\b\.?(?:\s*\(([^)\s]+)\))?/i;

// Decoration the TUI puts before a message: the result gutter ⎿, box borders, bullets. Not "+", "-", digits or the
// prompt's ❯ — a diff line, a numbered listing or the user's own input quoting the message is not a limit.
const LEADING_DECORATION = /^[\s⎿│┃▌▎●⏺✻⚠]+/u;

function normalise(text: string): string {
  return text
    .replace(/[’‘ʼ]/g, "'")
    .replace(/Â·|[∙•]/g, '·') // Â· is a · decoded as Latin-1
    .replace(/\s+/g, ' ')
    .trim();
}

export function isServerThrottleText(text: string): boolean {
  return SERVER_THROTTLE.test(text);
}

/** The limit message `text` is, or undefined. With `anywhere` the message may sit inside a longer text (an error's
 * details); without it the text must start with it, as a line of the screen does. */
export function matchLimitText(
  text: string,
  options: LimitTextOptions & { anywhere?: boolean },
): LimitText | undefined {
  const normal = normalise(options.anywhere ? text : text.replace(LEADING_DECORATION, ''));
  if (isServerThrottleText(normal)) return undefined;
  const found = LIMIT_PHRASE.exec(normal);
  if (!found || (!options.anywhere && found.index !== 0)) return undefined;
  return { resetsAt: parseReset(normal.slice(found.index), options) };
}

/** The limit message among the last `lastLines` (12) non-blank lines of a screen (logical lines, wrapped rows
 * joined), or undefined: room for the input box or the rate-limit dialog Claude Code opens below the message.
 * Anything higher up is history: an old limit, or the text in a file the agent printed. */
export function findLimitOnScreen(
  lines: readonly string[],
  options: LimitTextOptions & { lastLines?: number },
): LimitText | undefined {
  const tail = lines.filter((line) => line.trim() !== '').slice(-(options.lastLines ?? 12));
  for (let i = tail.length - 1; i >= 0; i--) {
    const found = matchLimitText(tail[i]!, options);
    if (found) return found;
  }
  return undefined;
}

/**
 * A reset shown as a time of day names its minute: Claude Code cuts the exact reset (13:39:54) down to it ("1:39pm"),
 * so the limit is taken to last to the end of that minute, never to lift early.
 */
const LAST_OF_MINUTE_MS = 59_999;

function parseReset(text: string, { now, localTimeZone }: LimitTextOptions): number | undefined {
  const epoch = EPOCH_RESET.exec(text);
  if (epoch) return epoch[1]!.length === 10 ? Number(epoch[1]) * 1000 : Number(epoch[1]);
  const clock = CLOCK_RESET.exec(text);
  if (!clock) return undefined;
  const [, monthName, dayText, hourText, minuteText, meridiem, zone] = clock;
  const hour12 = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (hour12 < 1 || hour12 > 12 || minute > 59) return undefined;
  const hour = (hour12 % 12) + (meridiem!.toLowerCase() === 'p' ? 12 : 0);
  const timeZone = zone ?? localTimeZone ?? systemTimeZone();
  const today = wallClockAt(now, timeZone);
  if (!today) return undefined;
  if (monthName !== undefined) {
    const month = MONTHS.indexOf(monthName.toLowerCase()) + 1;
    const day = Number(dayText);
    const thisYear = instantOfWallClock({ year: today.year, month, day, hour, minute }, timeZone)! + LAST_OF_MINUTE_MS;
    // "Jan 2" read on Dec 30 is next year's; a date a little in the past is a message shown a little late.
    return thisYear < now - MONTH_MS
      ? instantOfWallClock({ year: today.year + 1, month, day, hour, minute }, timeZone)! + LAST_OF_MINUTE_MS
      : thisYear;
  }
  const sameDay = instantOfWallClock({ ...today, hour, minute }, timeZone)! + LAST_OF_MINUTE_MS;
  // A time of day earlier than now is tomorrow's.
  return sameDay > now
    ? sameDay
    : instantOfWallClock({ ...today, day: today.day + 1, hour, minute }, timeZone)! + LAST_OF_MINUTE_MS;
}
