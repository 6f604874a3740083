// GET /api/json/costs/ingestion: how cost ingestion is doing — which log folders it reads, the last scan and the
// totals since the daemon started, models priced at the conservative estimate, the last problem met. Behind the
// token like every non-public route: the folder paths name the user's projects.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { COST_INGESTION_PATH } from '@ssg/contracts/costs';
import type { CostIngestion } from '../costs/cost-ingestion';

export const costIngestionRoutes =
  (ingestion: CostIngestion): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      COST_INGESTION_PATH,
      {
        // A GET has no body to describe; the query takes no parameters, so any is a 400.
        schema: DAEMON_ROUTES['GET /api/json/costs/ingestion'].schema,
      },
      async () => ingestion.status(),
    );
  };
