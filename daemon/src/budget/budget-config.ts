// What a valid budget configuration is, for both doors it comes in by: the POST body and budget.json edited by
// hand. Validity is the contract's schema (packages/contracts/src/schemas/budget.ts), the same one fastify checks
// the POST body with; this file only puts the schema's first complaint into a sentence that names the field, so a
// person can find it. Nothing is ever half-applied.
import { BudgetUpdate } from '@ssg/contracts/schemas/budget';
import {
  BUDGET_MODES,
  type BudgetConfig,
  CAP_FIELDS,
  DEFAULT_WARN_AT_PCT,
  MAX_BUDGET_CLIENTS,
} from '@ssg/contracts/budget';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';

export const DEFAULT_BUDGET_CONFIG: BudgetConfig = Object.freeze({
  mode: 'off',
  warnAtPct: DEFAULT_WARN_AT_PCT,
  global: Object.freeze({}),
  perClient: Object.freeze({}),
  updatedAt: 0,
});

const budgetUpdate = Compile(BudgetUpdate);

export class BudgetConfigError extends Error {
  override readonly name = 'BudgetConfigError';

  constructor(
    /** The offending field as a path: `mode`, `global.dailyUsd`, `perClient.codex.hourlyCalls`. */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A checked configuration; `updatedAt` is undefined when the document did not carry one. */
export type ParsedBudgetConfig = Omit<BudgetConfig, 'updatedAt'> & { updatedAt: number | undefined };

/** Checks a whole document and returns it with defaults filled in; throws BudgetConfigError on the first problem. */
export function parseBudgetConfig(value: unknown): ParsedBudgetConfig {
  if (!budgetUpdate.Check(value)) {
    const [first] = budgetUpdate.Errors(value);
    throw describe(first, value);
  }
  return {
    mode: value.mode ?? DEFAULT_BUDGET_CONFIG.mode,
    warnAtPct: value.warnAtPct ?? DEFAULT_BUDGET_CONFIG.warnAtPct,
    global: value.global ?? {},
    perClient: value.perClient ?? {},
    updatedAt: value.updatedAt,
  };
}

/** The schema's complaint as a sentence about the field, worded by where in the document it is. */
function describe(error: TLocalizedValidationError | undefined, value: unknown): BudgetConfigError {
  const path = (error?.instancePath ?? '').split('/').slice(1).map(decodePointerSegment);
  const field = path.join('.');
  // A field the schema does not have fails `additionalProperties: false`, reported at the field itself.
  if (error?.keyword === 'boolean') {
    const owner = path.slice(0, -1).join('.');
    const known = owner === '' ? Object.keys(BudgetUpdate.properties) : CAP_FIELDS;
    return new BudgetConfigError(
      field,
      `unknown field ${quote(field)}; ${owner || 'the budget'} has ${known.join(', ')}`,
    );
  }
  const [top, client, cap] = path;
  if (top === undefined) return new BudgetConfigError('', 'the budget must be a JSON object');
  if (top === 'mode') return new BudgetConfigError(field, `mode must be one of ${BUDGET_MODES.join(', ')}`);
  if (top === 'warnAtPct') {
    return new BudgetConfigError(
      field,
      'warnAtPct must be a fraction above 0 and at most 1 (0.8 warns at 80% of a cap)',
    );
  }
  if (top === 'updatedAt') {
    return new BudgetConfigError(field, 'updatedAt must be a non-negative integer (ms since the epoch)');
  }
  if (top === 'perClient' && client === undefined) {
    if (error?.keyword === 'maxProperties') {
      const count = Object.keys((value as { perClient: object }).perClient).length;
      return new BudgetConfigError(field, `perClient has ${count} clients; at most ${MAX_BUDGET_CLIENTS}`);
    }
    return new BudgetConfigError(field, 'perClient must be an object from client name to caps');
  }
  if (top === 'perClient' && error?.keyword === 'pattern' && cap === undefined) {
    return new BudgetConfigError(
      field,
      `perClient key ${quote(client ?? '')} is not a client name (lowercase letters, digits and '-', up to 64 characters, as in claude-code)`,
    );
  }
  const capName = top === 'global' ? client : cap;
  if (capName === undefined) {
    return new BudgetConfigError(field, `${field} must be an object of caps (${CAP_FIELDS.join(', ')})`);
  }
  return new BudgetConfigError(
    field,
    capName.endsWith('Calls')
      ? `${field} must be a whole number of calls (0 or more) or null for no limit`
      : `${field} must be a number of dollars (0 or more, finite) or null for no limit`,
  );
}

/** RFC 6901: `~1` is `/` and `~0` is `~` inside one segment of an instance path. */
const decodePointerSegment = (segment: string): string => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/** A caller's name, quoted, shortened, printable ASCII only: no control or bidi characters reach a terminal. */
function quote(name: string): string {
  const short = name.length > 80 ? `${name.slice(0, 80)}...` : name;
  return JSON.stringify(short).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
