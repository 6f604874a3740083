// How the dashboard writes money, counts, times and durations: one place, so every page reads the same.

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const count = new Intl.NumberFormat();
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

export const formatUsd = (value: number): string => usd.format(value);
export const formatCount = (value: number): string => count.format(value);
export const formatTime = (ms: number): string => time.format(ms);
export const formatDateTime = (ms: number): string => dateTime.format(ms);

/** A time to come: `1:16 PM` within the next 12 hours (it cannot be mistaken for another day), else with its date. */
export function formatUpcoming(ms: number, now: number): string {
  return ms - now < 12 * 3_600_000 ? clock.format(ms) : dateTime.format(ms);
}

/** `2 h 05 min`, `4 min 09 s`, `12 s`; days for long spans. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const pad = (n: number): string => String(n).padStart(2, '0');
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  if (minutes > 0) return `${minutes} min ${pad(rest)} s`;
  return `${rest} s`;
}

/** "resets in 3 h 12 min"; "no reset" for the session window. */
export function formatResetsAt(resetsAt: number | null, now: number): string {
  if (resetsAt === null) return 'no reset';
  return `resets in ${formatDuration(resetsAt - now)}`;
}
