// The edits `ssg budget mode|set|warn-at` make to the budget document. The CLI reads the whole document, changes
// one thing and sends the whole document back (with the `updatedAt` it read, so the daemon refuses the write if
// someone else changed the budget in between instead of silently undoing their change).
import type { BudgetConfig, BudgetMode, CapField, Caps } from '@ssg/contracts/budget';
import { formatUsd } from '@ssg/contracts/wording';

export interface BudgetChange {
  /** The new document, made from the current one. */
  apply(config: BudgetConfig): BudgetConfig;
  /** One line saying what changed, given the document before. */
  describe(before: BudgetConfig): string;
}

export const modeChange = (mode: BudgetMode): BudgetChange => ({
  apply: (config) => ({ ...config, mode }),
  describe: (before) => `mode: ${mode} (was ${before.mode})`,
});

export const warnAtChange = (warnAtPct: number): BudgetChange => ({
  apply: (config) => ({ ...config, warnAtPct }),
  describe: (before) => `warn-at: ${warnAtPct} (was ${before.warnAtPct})`,
});

/**
 * Sets one cap, globally or for one client; `null` removes it (a client left without caps is removed from
 * perClient, so the file holds only what limits something).
 */
export function capChange(field: CapField, limit: number | null, client: string | undefined): BudgetChange {
  const capsOf = (config: BudgetConfig): Caps =>
    client === undefined ? config.global : Object.hasOwn(config.perClient, client) ? config.perClient[client]! : {};
  const text = (value: number | null | undefined): string =>
    value === null || value === undefined ? 'none' : field.endsWith('Usd') ? formatUsd(value) : String(value);
  return {
    apply(config) {
      const caps: Caps = { ...capsOf(config) };
      if (limit === null) delete caps[field];
      else caps[field] = limit;
      if (client === undefined) return { ...config, global: caps };
      const perClient = { ...config.perClient };
      if (Object.keys(caps).length === 0) delete perClient[client];
      else perClient[client] = caps;
      return { ...config, perClient };
    },
    describe: (before) =>
      `${field} for ${client ?? 'all clients'}: ${text(limit)} (was ${text(capsOf(before)[field])})`,
  };
}
