// GET and POST /api/json/budget: the spending limits' configuration with a live spend snapshot, and replacing the
// configuration with a whole new document (docs/daemon-api.md). Both need the token: the ledger says what the
// user's agents did. A rejected POST is a 400 naming the field (or a 409 for a stale copy) and changes nothing.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { BUDGET_PATH } from '@ssg/contracts/budget';
import type { Budget } from '../budget/budget';
import { StaleBudgetError } from '../budget/budget';
import { BudgetConfigError, parseBudgetConfig } from '../budget/budget-config';
import { badRequest, conflict } from '../server/http-error';

export const budgetRoutes =
  (budget: Budget): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      BUDGET_PATH,
      {
        schema: DAEMON_ROUTES['GET /api/json/budget'].schema,
        schemaErrorFormatter: () => badRequest('the budget route takes no query parameters'),
      },
      async () => budget.current(),
    );

    app.post(
      BUDGET_PATH,
      {
        schema: DAEMON_ROUTES['POST /api/json/budget'].schema,
        // The schema is checked first, and its verdict kept for the handler: parseBudgetConfig checks the same
        // schema and words its first complaint as a sentence about the field, rather than ajv's path notation.
        attachValidation: true,
      },
      async (request) => {
        if (request.validationError) {
          if (request.validationError.validationContext === 'querystring') {
            throw badRequest('the budget route takes no query parameters');
          }
          describeRejection(request.body);
          throw badRequest(`the budget is not valid: ${request.validationError.message}`);
        }
        try {
          return budget.update(request.body);
        } catch (error) {
          if (error instanceof BudgetConfigError) throw badRequest(error.message);
          if (error instanceof StaleBudgetError) throw conflict(error.message);
          throw error;
        }
      },
    );
  };

/** Throws a 400 with parseBudgetConfig's sentence about the first bad field, if it finds one. */
function describeRejection(body: unknown): void {
  try {
    parseBudgetConfig(body);
  } catch (error) {
    if (error instanceof BudgetConfigError) throw badRequest(error.message);
    throw error;
  }
}
