// GET /api/json/health: whether a daemon answers here (packages/contracts/src/health.ts), public so `ssg doctor`
// and hooks can probe without the token. Says nothing a local process could not learn from `ps`.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { HEALTH_PATH } from '@ssg/contracts/health';

export interface HealthInfo {
  version: string;
  pid: number;
  startedAt: number;
  /** From the start-up self-test of the regex time bounds; absent when they hold. */
  regexBoundsProblem?: string;
}

export const healthRoutes =
  (info: HealthInfo): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(HEALTH_PATH, { schema: DAEMON_ROUTES['GET /api/json/health'].schema }, async () => ({
      ok: true,
      ...info,
    }));
  };
