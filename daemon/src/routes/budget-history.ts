// GET /api/json/budget/history?hours=<1..168>: calls and dollars per hour and client from the ledger, for the
// dashboard's Spending chart (docs/daemon-api.md). It needs the token: the ledger says what the user's agents did.
// Query values arrive as strings (ajv does not coerce here), so `hours` is checked by pattern, then by range.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { BUDGET_HISTORY_DEFAULT_HOURS, BUDGET_HISTORY_MAX_HOURS, BUDGET_HISTORY_PATH } from '@ssg/contracts/budget';
import type { Budget } from '../budget/budget';
import { badRequest } from '../server/http-error';

const HOURS_RULE = `hours must be a whole number from 1 to ${BUDGET_HISTORY_MAX_HOURS}`;

export const budgetHistoryRoutes =
  (budget: Budget): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      BUDGET_HISTORY_PATH,
      {
        schema: DAEMON_ROUTES['GET /api/json/budget/history'].schema,
        schemaErrorFormatter: (errors) =>
          badRequest(
            errors[0]?.keyword === 'additionalProperties'
              ? 'the budget history route takes only the query parameter hours'
              : HOURS_RULE,
          ),
      },
      async (request) => {
        const hours = request.query.hours === undefined ? BUDGET_HISTORY_DEFAULT_HOURS : Number(request.query.hours);
        if (hours < 1 || hours > BUDGET_HISTORY_MAX_HOURS) throw badRequest(`${HOURS_RULE}, not ${hours}`);
        return budget.history(hours);
      },
    );
  };
