// What a valid budget configuration is, in words, for both doors it comes in by: the POST body (fastify checks
// the schema, packages/contracts/src/schemas/budget.ts, first; this names the field it rejected) and budget.json
// edited by hand (only this). Every problem names the field, so a person
// can find it; nothing is ever half-applied.
import {
  BUDGET_MODES,
  type BudgetConfig,
  type BudgetMode,
  CAP_FIELDS,
  type CapField,
  type Caps,
  CLIENT_NAME_PATTERN,
  DEFAULT_WARN_AT_PCT,
  MAX_BUDGET_CLIENTS,
} from '@ssg/contracts/budget';

export const DEFAULT_BUDGET_CONFIG: BudgetConfig = Object.freeze({
  mode: 'off',
  warnAtPct: DEFAULT_WARN_AT_PCT,
  global: Object.freeze({}),
  perClient: Object.freeze({}),
  updatedAt: 0,
});

const TOP_LEVEL_FIELDS = ['mode', 'warnAtPct', 'global', 'perClient', 'updatedAt'] as const;
const clientName = new RegExp(CLIENT_NAME_PATTERN);

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
  if (!isPlainObject(value)) throw new BudgetConfigError('', 'the budget must be a JSON object');
  rejectUnknownFields(value, TOP_LEVEL_FIELDS, '');
  const { mode = DEFAULT_BUDGET_CONFIG.mode, warnAtPct = DEFAULT_BUDGET_CONFIG.warnAtPct, updatedAt } = value;
  if (!BUDGET_MODES.includes(mode as BudgetMode)) {
    throw new BudgetConfigError('mode', `mode must be one of ${BUDGET_MODES.join(', ')}`);
  }
  if (typeof warnAtPct !== 'number' || !(warnAtPct > 0 && warnAtPct <= 1)) {
    throw new BudgetConfigError(
      'warnAtPct',
      'warnAtPct must be a fraction above 0 and at most 1 (0.8 warns at 80% of a cap)',
    );
  }
  if (updatedAt !== undefined && !(Number.isSafeInteger(updatedAt) && (updatedAt as number) >= 0)) {
    throw new BudgetConfigError('updatedAt', 'updatedAt must be a non-negative integer (ms since the epoch)');
  }
  const global = parseCaps(value.global === undefined ? {} : value.global, 'global');
  const perClientValue = value.perClient === undefined ? {} : value.perClient;
  if (!isPlainObject(perClientValue)) {
    throw new BudgetConfigError('perClient', 'perClient must be an object from client name to caps');
  }
  const clients = Object.keys(perClientValue);
  if (clients.length > MAX_BUDGET_CLIENTS) {
    throw new BudgetConfigError('perClient', `perClient has ${clients.length} clients; at most ${MAX_BUDGET_CLIENTS}`);
  }
  const perClient: Record<string, Caps> = {};
  for (const client of clients) {
    if (!clientName.test(client)) {
      throw new BudgetConfigError(
        `perClient.${client}`,
        `perClient key ${quote(client)} is not a client name (lowercase letters, digits and '-', up to 64 characters, as in claude-code)`,
      );
    }
    perClient[client] = parseCaps(perClientValue[client], `perClient.${client}`);
  }
  return { mode: mode as BudgetMode, warnAtPct, global, perClient, updatedAt: updatedAt as number | undefined };
}

function parseCaps(value: unknown, path: string): Caps {
  if (!isPlainObject(value)) {
    throw new BudgetConfigError(path, `${path} must be an object of caps (${CAP_FIELDS.join(', ')})`);
  }
  rejectUnknownFields(value, CAP_FIELDS, path);
  const caps: Caps = {};
  for (const field of Object.keys(value) as CapField[]) {
    const cap = value[field];
    if (cap !== null && !isValidCap(field, cap)) {
      throw new BudgetConfigError(
        `${path}.${field}`,
        field.endsWith('Calls')
          ? `${path}.${field} must be a whole number of calls (0 or more) or null for no limit`
          : `${path}.${field} must be a number of dollars (0 or more, finite) or null for no limit`,
      );
    }
    caps[field] = cap as number | null;
  }
  return caps;
}

const isValidCap = (field: CapField, cap: unknown): boolean =>
  typeof cap === 'number' && cap >= 0 && (field.endsWith('Calls') ? Number.isSafeInteger(cap) : Number.isFinite(cap));

function rejectUnknownFields(value: Record<string, unknown>, known: readonly string[], path: string): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const field = path ? `${path}.${key}` : key;
    throw new BudgetConfigError(
      field,
      `unknown field ${quote(field)}; ${path || 'the budget'} has ${known.join(', ')}`,
    );
  }
}

/** A caller's name, quoted, shortened, printable ASCII only: no control or bidi characters reach a terminal. */
function quote(name: string): string {
  const short = name.length > 80 ? `${name.slice(0, 80)}...` : name;
  return JSON.stringify(short).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
