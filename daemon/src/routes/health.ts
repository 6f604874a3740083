// GET /api/json/health: whether a daemon answers here, public so `ssg doctor` and hooks can probe without the
// token. Says nothing a local process could not learn from `ps`.
import type { FastifyPluginAsync } from 'fastify';

export interface HealthInfo {
  version: string;
  pid: number;
  startedAt: number;
}

export const healthRoutes =
  (info: HealthInfo): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/api/json/health',
      {
        config: { public: true },
        schema: {
          response: {
            200: {
              type: 'object',
              properties: {
                ok: { type: 'boolean' },
                version: { type: 'string' },
                pid: { type: 'integer' },
                startedAt: { type: 'integer' },
              },
            },
          },
        },
      },
      async () => ({ ok: true, ...info }),
    );
  };
