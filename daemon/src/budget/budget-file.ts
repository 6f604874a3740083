// `<home>/budget.json`: the spec's file, which a person may also edit by hand (it applies at the next start). It is
// read whole and checked like a POST body; a broken file is reported, never half-applied.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BudgetConfig } from '@ssg/contracts/budget';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import { BudgetConfigError, parseBudgetConfig } from './budget-config';

export const BUDGET_FILE = 'budget.json';
/** A budget is a few hundred bytes; anything this large is not one, and is not read into memory. */
const MAX_BUDGET_FILE_BYTES = 1024 * 1024;

export type BudgetFileRead =
  | { kind: 'absent' }
  | { kind: 'valid'; config: BudgetConfig }
  /** `problem` says what is wrong, naming the file and the field. */
  | { kind: 'invalid'; problem: string };

export const budgetFilePath = (home: string): string => join(home, BUDGET_FILE);

export function readBudgetFile(home: string): BudgetFileRead {
  const path = budgetFilePath(home);
  let text: string;
  let modifiedAt: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return { kind: 'invalid', problem: `${path} is not a file` };
    if (stats.size > MAX_BUDGET_FILE_BYTES) {
      return { kind: 'invalid', problem: `${path} is ${stats.size} bytes, too large to be a budget` };
    }
    modifiedAt = Math.floor(stats.mtimeMs);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'invalid', problem: `${path} cannot be read: ${(error as Error).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', problem: `${path} is not valid JSON: ${(error as Error).message}` };
  }
  try {
    const parsed = parseBudgetConfig(value);
    // A hand-written file may leave updatedAt out; when it was last written is the honest answer.
    return { kind: 'valid', config: { ...parsed, updatedAt: parsed.updatedAt ?? modifiedAt } };
  } catch (error) {
    if (error instanceof BudgetConfigError) return { kind: 'invalid', problem: `${path}: ${error.message}` };
    throw error;
  }
}

/** Writes the whole configuration atomically (readers see the old file or the new one, never a torn one). */
export function writeBudgetFile(home: string, config: BudgetConfig): void {
  writeFileAtomic(budgetFilePath(home), `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
}
