// The audit log's query API for the dashboard's Activity page and `ssg audit`: GET /api/json/audit (filtered,
// newest first, paged with a `before` cursor), /api/json/audit/:id (one full record) and /api/json/audit/stats
// (counts for the last hour, today and the last 7 days). Query values arrive as strings (ajv does not coerce
// here), so numbers are checked by pattern and converted in one place.
import type { FastifyPluginAsync } from 'fastify';
import {
  AUDIT_MAX_LIMIT,
  AUDIT_PATH,
  AUDIT_STATS_PATH,
  type AuditPage,
  type AuditQuery,
  type AuditRecord,
  type AuditStats,
} from '@ssg/contracts/audit';
import { CAPABILITIES, DECISIONS } from '@ssg/engine';
import type { AuditLog } from '../audit/audit-log';
import type { AuditStore } from '../audit/audit-store';
import type { Clock } from '../clock';
import { badRequest, notFound } from '../server/http-error';
import { evalResponseSchema } from './eval';
import { summarizedCallProperties, summarizedCallRequired } from './summarized-call-schema';

const HOUR = 60 * 60 * 1000;

export interface AuditRoutesOptions {
  store: AuditStore;
  log: AuditLog;
  clock: Clock;
  /** Why retention last failed, if it did. */
  retentionProblem: () => string | undefined;
}

type AuditQueryString = Partial<Record<keyof AuditQuery, string>>;

const millisecondsPattern = { type: 'string', pattern: '^[0-9]{1,15}$' } as const;

const recordProperties = {
  id: { type: 'integer' },
  at: { type: 'integer' },
  ...summarizedCallProperties,
  decision: { type: 'string', enum: DECISIONS },
  decidedBy: { type: 'string', enum: evalResponseSchema.properties.decidedBy.enum },
  ruleId: { type: 'string' },
  message: { type: 'string' },
  warning: { type: 'string' },
  durationMs: { type: 'number' },
} as const;

const recordRequired = ['id', 'at', ...summarizedCallRequired, 'decision', 'decidedBy', 'durationMs'];

const countsSchema = { type: 'object', additionalProperties: { type: 'integer' } } as const;

const windowSchema = {
  type: 'object',
  required: ['since', 'total', 'byDecision', 'byClient', 'topBlockedRules'],
  properties: {
    since: { type: 'integer' },
    total: { type: 'integer' },
    byDecision: countsSchema,
    byClient: countsSchema,
    topBlockedRules: {
      type: 'array',
      items: {
        type: 'object',
        required: ['ruleId', 'count'],
        properties: { ruleId: { type: 'string' }, count: { type: 'integer' } },
      },
    },
  },
} as const;

const emptyQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

export const auditRoutes =
  ({ store, log, clock, retentionProblem }: AuditRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Querystring: AuditQueryString }>(
      AUDIT_PATH,
      {
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              decision: { type: 'string', enum: DECISIONS },
              client: { type: 'string', minLength: 1, maxLength: 64 },
              tool: { type: 'string', minLength: 1, maxLength: 256 },
              capability: { type: 'string', enum: CAPABILITIES },
              q: { type: 'string', minLength: 1, maxLength: 256 },
              since: millisecondsPattern,
              until: millisecondsPattern,
              limit: { type: 'string', pattern: '^[0-9]{1,4}$' },
              before: millisecondsPattern,
            },
          },
          response: {
            200: {
              type: 'object',
              required: ['records', 'nextBefore'],
              properties: {
                records: {
                  type: 'array',
                  items: { type: 'object', required: recordRequired, properties: recordProperties },
                },
                nextBefore: { type: ['integer', 'null'] },
              },
            },
          },
        },
      },
      async (request): Promise<AuditPage> => store.query(parseQuery(request.query)),
    );

    app.get(
      AUDIT_STATS_PATH,
      {
        schema: {
          querystring: emptyQuery,
          response: {
            200: {
              type: 'object',
              required: ['windows', 'rows', 'oldestAt', 'failedWrites'],
              properties: {
                windows: {
                  type: 'object',
                  required: ['lastHour', 'today', 'last7Days'],
                  properties: { lastHour: windowSchema, today: windowSchema, last7Days: windowSchema },
                },
                rows: { type: 'integer' },
                oldestAt: { type: ['integer', 'null'] },
                failedWrites: { type: 'integer' },
                lastFailure: { type: 'string' },
                retentionProblem: { type: 'string' },
              },
            },
          },
        },
      },
      async (): Promise<AuditStats & { retentionProblem?: string }> => {
        const now = clock.now();
        const problem = retentionProblem();
        return {
          windows: store.windowStats({
            lastHour: now - HOUR,
            today: startOfLocalDay(now),
            last7Days: now - 7 * 24 * HOUR,
          }),
          ...store.extent(),
          ...log.health(),
          ...(problem !== undefined && { retentionProblem: problem }),
        };
      },
    );

    app.get<{ Params: { id: string } }>(
      `${AUDIT_PATH}/:id`,
      {
        schema: {
          params: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } },
          },
          querystring: emptyQuery,
          response: {
            200: {
              type: 'object',
              required: [...recordRequired, 'matched'],
              properties: { ...recordProperties, matched: evalResponseSchema.properties.matched },
            },
          },
        },
      },
      async (request): Promise<AuditRecord> => {
        const record = store.get(Number(request.params.id));
        if (!record) throw notFound(`no audit record ${request.params.id} (it may have been removed by retention)`);
        return record;
      },
    );
  };

function parseQuery(query: AuditQueryString): AuditQuery {
  const parsed: AuditQuery = {};
  if (query.decision !== undefined) parsed.decision = query.decision as AuditQuery['decision'];
  if (query.capability !== undefined) parsed.capability = query.capability as AuditQuery['capability'];
  for (const key of ['client', 'tool', 'q'] as const) if (query[key] !== undefined) parsed[key] = query[key];
  for (const key of ['since', 'until', 'before'] as const)
    if (query[key] !== undefined) parsed[key] = Number(query[key]);
  if (query.limit !== undefined) {
    const limit = Number(query.limit);
    if (limit < 1 || limit > AUDIT_MAX_LIMIT) {
      throw badRequest(`limit must be between 1 and ${AUDIT_MAX_LIMIT}, not ${query.limit}`);
    }
    parsed.limit = limit;
  }
  if (parsed.since !== undefined && parsed.until !== undefined && parsed.since > parsed.until) {
    throw badRequest(`since (${parsed.since}) is after until (${parsed.until})`);
  }
  return parsed;
}

/** Local midnight of the day `now` falls in (the machine's time zone, as the user reads "today"). */
function startOfLocalDay(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}
