// Clock times in a named IANA zone, through Intl (Node ships full ICU), so a limit message's "resets 2am
// (Europe/Berlin)" becomes an instant without a time-zone library.
export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat | undefined>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | undefined {
  if (!formatters.has(timeZone)) {
    let formatter: Intl.DateTimeFormat | undefined;
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      formatter = undefined; // Intl throws a RangeError for a zone it does not know
    }
    formatters.set(timeZone, formatter);
  }
  return formatters.get(timeZone);
}

function partsAt(at: number, formatter: Intl.DateTimeFormat): WallClock & { second: number } {
  const value = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatter.formatToParts(at).find((part) => part.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

/** How far the zone's clocks are ahead of UTC at `at`, in ms. */
function offsetAt(at: number, formatter: Intl.DateTimeFormat): number {
  const p = partsAt(at, formatter);
  const wholeSecond = at - (((at % 1000) + 1000) % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

export function isKnownTimeZone(timeZone: string): boolean {
  return formatterFor(timeZone) !== undefined;
}

/** What the clocks of `timeZone` show at `at`; undefined for an unknown zone. */
export function wallClockAt(at: number, timeZone: string): WallClock | undefined {
  const formatter = formatterFor(timeZone);
  if (!formatter) return undefined;
  const { year, month, day, hour, minute } = partsAt(at, formatter);
  return { year, month, day, hour, minute };
}

/** The instant at which the clocks of `timeZone` show `wall`; undefined for an unknown zone. Out-of-range fields
 * roll over as in Date.UTC (day 32 is the next month's first). */
export function instantOfWallClock(wall: WallClock, timeZone: string): number | undefined {
  const formatter = formatterFor(timeZone);
  if (!formatter) return undefined;
  const asIfUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offset is looked up twice: the first guess can sit on the other side of a daylight-saving change.
  const first = asIfUtc - offsetAt(asIfUtc, formatter);
  return asIfUtc - offsetAt(first, formatter);
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
