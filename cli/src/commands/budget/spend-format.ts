// How spend is written for people, the same in the daemon's cap messages (which the agent shows) and in
// `ssg budget`: dollars to the cent, and when a window lets up as local clock time — with the date only when it
// is a day or more away — plus how long until then: `00:00 (in 3h 12m)`.
import { formatDuration } from '../sleep/duration';

const DAY_MS = 24 * 60 * 60 * 1000;

export const formatUsd = (usd: number): string => `$${usd.toFixed(2)}`;

export function formatResetTime(resetsAt: number, now: number): string {
  const date = new Date(resetsAt);
  const pad = (value: number): string => String(value).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const when =
    resetsAt - now < DAY_MS ? time : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${time}`;
  return `${when} (in ${formatDuration(resetsAt - now)})`;
}
