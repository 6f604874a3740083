// GET and POST /api/json/budget: the spending limits' configuration with a live spend snapshot, and replacing the
// configuration with a whole new document (docs/daemon-api.md). Both need the token: the ledger says what the
// user's agents did. A rejected POST is a 400 naming the field (or a 409 for a stale copy) and changes nothing.
import type { FastifyPluginAsync } from 'fastify';
import { BUDGET_PATH, BUDGET_WINDOWS } from '@ssg/contracts/budget';
import type { Budget } from '../budget/budget';
import { StaleBudgetError } from '../budget/budget';
import { BudgetConfigError, budgetConfigSchema, parseBudgetConfig } from '../budget/budget-config';
import { badRequest, conflict } from '../server/http-error';

/** No query parameters: an unexpected one is a caller's mistake worth hearing about. */
const noQuerySchema = { type: 'object', additionalProperties: false, properties: {} } as const;

const nullableNumber = { type: ['number', 'null'] } as const;

const capSpendProperties = {
  spent: { type: 'number' },
  cap: nullableNumber,
  percent: nullableNumber,
  resetsAt: { type: ['integer', 'null'] },
} as const;

const windowSpendSchema = {
  type: 'object',
  required: ['startsAt', 'calls', 'usd'],
  properties: {
    startsAt: { type: 'integer' },
    calls: { type: 'object', required: Object.keys(capSpendProperties), properties: capSpendProperties },
    usd: {
      type: 'object',
      required: [...Object.keys(capSpendProperties), 'unpricedUsd'],
      properties: { ...capSpendProperties, unpricedUsd: { type: 'number' } },
    },
  },
} as const;

const scopeSpendSchema = {
  type: 'object',
  required: BUDGET_WINDOWS,
  properties: Object.fromEntries(BUDGET_WINDOWS.map((window) => [window, windowSpendSchema])),
} as const;

export const budgetResponseSchema = {
  type: 'object',
  required: ['config', 'problem', 'snapshot'],
  properties: {
    config: budgetConfigSchema({ complete: true }),
    problem: { type: ['string', 'null'] },
    snapshot: {
      type: 'object',
      required: ['at', 'sessionStartedAt', 'global', 'perClient'],
      properties: {
        at: { type: 'integer' },
        sessionStartedAt: { type: 'integer' },
        global: scopeSpendSchema,
        perClient: { type: 'object', additionalProperties: scopeSpendSchema },
      },
    },
  },
} as const;

export const budgetRoutes =
  (budget: Budget): FastifyPluginAsync =>
  async (app) => {
    app.get(
      BUDGET_PATH,
      {
        schema: { querystring: noQuerySchema, response: { 200: budgetResponseSchema } },
        schemaErrorFormatter: () => badRequest('the budget route takes no query parameters'),
      },
      async () => budget.current(),
    );

    app.post(
      BUDGET_PATH,
      {
        schema: {
          body: budgetConfigSchema({ complete: false }),
          querystring: noQuerySchema,
          response: { 200: budgetResponseSchema },
        },
        // The schema is checked first, and its verdict kept for the handler: parseBudgetConfig checks the same
        // rules and says which field is wrong in words, so the caller gets one kind of message either way.
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
