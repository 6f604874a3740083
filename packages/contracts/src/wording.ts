// How amounts and times are written for people, the same in the daemon's messages (cap messages, which the agent
// shows) and in the CLI (`ssg budget`, `ssg sleep`): dollars to the cent; when a window lets up as local clock
// time — with the date only when it is a day or more away — plus how long until then: `00:00 (in 3h 12m)`.
/** Milliseconds per unit of the durations people type and read (`ssg sleep on --for 1h30m`). */
export const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;

export const formatUsd = (usd: number): string => `$${usd.toFixed(2)}`;

export function formatResetTime(resetsAt: number, now: number): string {
  const date = new Date(resetsAt);
  const pad = (value: number): string => String(value).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const when =
    resetsAt - now < UNIT_MS.d
      ? time
      : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${time}`;
  return `${when} (in ${formatDuration(resetsAt - now)})`;
}

/** `8h`, `1h 30m`, `7d 3h`, `45s`: the two largest units, rounded up so a fresh `8h` does not read `7h 59m`. */
export function formatDuration(ms: number): string {
  if (ms < UNIT_MS.m) return `${Math.ceil(Math.max(0, ms) / UNIT_MS.s)}s`;
  let minutes = Math.ceil(ms / UNIT_MS.m);
  const days = Math.floor(minutes / (24 * 60));
  minutes -= days * 24 * 60;
  const hours = Math.floor(minutes / 60);
  minutes -= hours * 60;
  const parts = [
    [days, 'd'],
    [hours, 'h'],
    [minutes, 'm'],
  ] as const;
  const first = parts.findIndex(([value]) => value > 0);
  return parts
    .slice(first, first + 2)
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value}${unit}`)
    .join(' ');
}
