// The audit log's query API for the dashboard's Activity page and `ssg audit`: GET /api/json/audit (filtered,
// newest first, paged with a `before` cursor), /api/json/audit/:id (one full record) and /api/json/audit/stats
// (counts for the last hour, today and the last 7 days). Query values arrive as strings (ajv does not coerce
// here), so numbers are checked by pattern (packages/contracts/src/schemas/audit.ts) and converted here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuditQueryString } from '@ssg/contracts/schemas/audit';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { AUDIT_MAX_LIMIT, AUDIT_PATH, AUDIT_STATS_PATH, type AuditQuery } from '@ssg/contracts/audit';
import type { AuditLog } from '../audit/audit-log';
import type { AuditStore } from '../audit/audit-store';
import type { Clock } from '../clock';
import { badRequest, notFound } from '../server/http-error';

const HOUR = 60 * 60 * 1000;

export interface AuditRoutesOptions {
  store: AuditStore;
  log: AuditLog;
  clock: Clock;
  /** Why retention last failed, if it did. */
  retentionProblem: () => string | undefined;
}

export const auditRoutes =
  ({ store, log, clock, retentionProblem }: AuditRoutesOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(AUDIT_PATH, { schema: DAEMON_ROUTES['GET /api/json/audit'].schema }, async (request) =>
      store.query(parseQuery(request.query)),
    );

    app.get(AUDIT_STATS_PATH, { schema: DAEMON_ROUTES['GET /api/json/audit/stats'].schema }, async () => {
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
    });

    app.get(`${AUDIT_PATH}/:id`, { schema: DAEMON_ROUTES['GET /api/json/audit/:id'].schema }, async (request) => {
      const record = store.get(Number(request.params.id));
      if (!record) throw notFound(`no audit record ${request.params.id} (it may have been removed by retention)`);
      return record;
    });
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
