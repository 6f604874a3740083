// How `ssg sleep` shows the daemon's Sleep at Night state: a headline (on or off, until when, how long left), any
// problem the daemon found, and one row per layer.
import type { SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { renderTable } from '../../cli/table';
import { formatDuration } from '@ssg/contracts/wording';

export function renderSleepReport(state: SleepModeResponse): string {
  const lines = [headline(state)];
  if (state.problem !== undefined) lines.push(`warning: ${state.problem}`);
  lines.push('', renderTable(['layer', 'state', 'what'], layerRows(state)));
  return `${lines.join('\n')}\n`;
}

function headline(state: SleepModeResponse): string {
  const since = state.since === null ? '' : ` since ${localTime(state.since)}`;
  switch (state.mode) {
    case 'off':
      return 'Sleep at Night is off.';
    case 'indefinite':
      return `Sleep at Night is on${since}, until you turn it off.`;
    case 'timed':
      return (
        `Sleep at Night is on${since}, until ${localTime(state.until ?? 0)} ` +
        `(${formatDuration(state.remainingMs ?? 0)} left).`
      );
  }
}

function layerRows({ layers }: SleepModeResponse): string[][] {
  const onOff = (active: boolean): string => (active ? 'on' : 'off');
  return [
    ['rules', onOff(layers.rules.active), `${layers.rules.rules} rules in ${layers.rules.file}`],
    [
      'selfProtection',
      onOff(layers.selfProtection.active),
      `${layers.selfProtection.file} (stays on when Sleep at Night is turned off)`,
    ],
    [
      'failClosed',
      onOff(layers.failClosed.active),
      `${layers.failClosed.file} (hooks block calls while the daemon is unreachable)`,
    ],
    ['watch', onOff(layers.watch.active), 'the daemon reloads rule files as they change'],
    ['instructionFiles', String(layers.instructionFiles), 'not used by ssg'],
    ['memory', onOff(layers.memory), 'not used by ssg'],
  ];
}

/** `2025-01-07 06:30` in the local time zone. */
function localTime(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}
