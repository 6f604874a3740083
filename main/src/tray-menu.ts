// The tray (menu-bar) menu as plain data: what it says and which action each item runs. Built from the daemon's
// own answers (GET /api/json/sleep-mode and /api/json/budget), so the tray, the dashboard and `ssg sleep` never
// disagree. electron/tray.ts turns the model into an Electron Menu; keeping the model free of Electron lets the
// wording and the choices be tested on Node.
import type { BudgetResponse } from '@ssg/contracts/budget';
import type { SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { SLEEP_PRESETS, type SleepPresetId } from './sleep-presets';

export type TrayAction =
  | { kind: 'sleep-on'; preset: SleepPresetId }
  | { kind: 'sleep-off' }
  | { kind: 'open-dashboard' }
  | { kind: 'install-cli' }
  | { kind: 'quit' };

export type TrayItem =
  | { type: 'label'; label: string }
  | { type: 'action'; label: string; action: TrayAction }
  | { type: 'submenu'; label: string; items: TrayItem[] }
  | { type: 'separator' };

export interface TrayState {
  /** undefined: the daemon has not answered (yet). */
  sleep: SleepModeResponse | undefined;
  budget: BudgetResponse | undefined;
  now: Date;
  /** Shown after an action failed (the daemon's message), until the next refresh succeeds. */
  problem?: string;
}

export function buildTrayMenu(state: TrayState): TrayItem[] {
  const items: TrayItem[] = [
    { type: 'label', label: sleepStatus(state.sleep, state.now) },
    sleepControl(state.sleep),
    { type: 'separator' },
    { type: 'label', label: todaySpend(state.budget) },
  ];
  if (state.problem) items.push({ type: 'label', label: `Problem: ${state.problem}` });
  items.push(
    { type: 'separator' },
    { type: 'action', label: 'Open Dashboard', action: { kind: 'open-dashboard' } },
    { type: 'action', label: 'Install Command-Line Tool…', action: { kind: 'install-cli' } },
    { type: 'separator' },
    // Quitting stops governance: hooks then evaluate on their own (or block, while fail-closed is armed).
    { type: 'action', label: 'Quit ssg (stops the daemon)', action: { kind: 'quit' } },
  );
  return items;
}

/** The tray icon's tooltip: one line saying whether Sleep at Night is on and what today cost. */
export function trayTooltip(state: TrayState): string {
  return `ssg — ${sleepStatus(state.sleep, state.now)} · ${todaySpend(state.budget)}`;
}

function sleepControl(sleep: SleepModeResponse | undefined): TrayItem {
  if (sleep?.enabled) return { type: 'action', label: 'Turn Sleep at Night Off', action: { kind: 'sleep-off' } };
  return {
    type: 'submenu',
    label: 'Turn Sleep at Night On',
    items: SLEEP_PRESETS.map((preset) => ({
      type: 'action' as const,
      label: preset.label,
      action: { kind: 'sleep-on' as const, preset: preset.id },
    })),
  };
}

export function sleepStatus(sleep: SleepModeResponse | undefined, now: Date): string {
  if (sleep === undefined) return 'Sleep at Night: unknown (daemon not answering)';
  if (!sleep.enabled) return 'Sleep at Night: off';
  if (sleep.until === null) return 'Sleep at Night: on until turned off';
  const until = new Date(sleep.until);
  const sameDay = until.toDateString() === now.toDateString();
  const time = until.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const day = until.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
  return `Sleep at Night: on until ${sameDay ? time : `${day} ${time}`}`;
}

/** "Today: $3.20 of $20.00 (16%) · 41 calls": the global daily window, with its caps when there are any. */
export function todaySpend(budget: BudgetResponse | undefined): string {
  if (budget === undefined) return "Today's spend: unknown";
  const { usd, calls } = budget.snapshot.global.daily;
  const dollars = usd.cap === null ? usd$(usd.spent) : `${usd$(usd.spent)} of ${usd$(usd.cap)} (${pct(usd.percent)})`;
  const count = `${calls.spent} call${calls.spent === 1 ? '' : 's'}`;
  const callText = calls.cap === null ? count : `${count} of ${calls.cap}`;
  return `Today: ${dollars} · ${callText}`;
}

const usd$ = (amount: number): string => `$${amount.toFixed(2)}`;
const pct = (percent: number | null): string => `${Math.round(percent ?? 0)}%`;
