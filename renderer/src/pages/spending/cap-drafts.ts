// The caps editor's text fields and their validation as you type: the same limits the daemon checks
// (dollars: finite, 0 or more; calls: whole, 0 or more, at most 2^53); empty means no limit (null).
import { BUDGET_WINDOWS, CAP_FIELDS, type CapField, type Caps } from '@ssg/contracts/budget';

export type CapDrafts = Record<CapField, string>;

export function draftsOf(caps: Caps): CapDrafts {
  return Object.fromEntries(
    CAP_FIELDS.map((field) => [field, caps[field] == null ? '' : String(caps[field])]),
  ) as CapDrafts;
}

/** Why the text is not a valid cap, or null when it is (empty included). */
export function capProblem(field: CapField, text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (field.endsWith('Usd')) {
    return Number.isFinite(value) && value >= 0 ? null : 'Enter dollars, 0 or more, or leave empty for no limit';
  }
  return Number.isSafeInteger(value) && value >= 0 ? null : 'Enter a whole number of calls, or leave empty';
}

/** The caps to send: only fields with a limit (absent means no limit). */
export function capsOf(drafts: CapDrafts): Caps {
  const caps: Caps = {};
  for (const field of CAP_FIELDS) if (drafts[field].trim() !== '') caps[field] = Number(drafts[field].trim());
  return caps;
}

export const hasProblems = (drafts: CapDrafts): boolean =>
  CAP_FIELDS.some((field) => capProblem(field, drafts[field]) !== null);

export const WINDOW_LABELS: Record<(typeof BUDGET_WINDOWS)[number], string> = {
  session: 'Session',
  hourly: 'Hourly (rolling 60 min)',
  daily: 'Daily',
  weekly: 'Weekly (rolling 7 days)',
  monthly: 'Monthly',
};
