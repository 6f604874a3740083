// GET /api/json/budget/history?hours=<1..168>: calls and dollars per hour and client from the ledger, for the
// dashboard's Spending chart (docs/daemon-api.md). It needs the token: the ledger says what the user's agents did.
// Query values arrive as strings (ajv does not coerce here), so `hours` is checked by pattern, then by range.
import type { FastifyPluginAsync } from 'fastify';
import {
  BUDGET_HISTORY_BUCKET_MS,
  BUDGET_HISTORY_DEFAULT_HOURS,
  BUDGET_HISTORY_MAX_HOURS,
  BUDGET_HISTORY_PATH,
  type BudgetHistoryResponse,
} from '@ssg/contracts/budget';
import type { Budget } from '../budget/budget';
import { badRequest } from '../server/http-error';

const HOURS_RULE = `hours must be a whole number from 1 to ${BUDGET_HISTORY_MAX_HOURS}`;

const historyQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { hours: { type: 'string', pattern: '^[0-9]{1,3}$' } },
} as const;

const clientHourSpendSchema = {
  type: 'object',
  required: ['calls', 'usd', 'unpricedUsd'],
  properties: { calls: { type: 'integer' }, usd: { type: 'number' }, unpricedUsd: { type: 'number' } },
} as const;

const historyResponseSchema = {
  type: 'object',
  required: ['from', 'to', 'bucketMs', 'clients', 'buckets'],
  properties: {
    from: { type: 'integer' },
    to: { type: 'integer' },
    bucketMs: { type: 'integer', enum: [BUDGET_HISTORY_BUCKET_MS] },
    clients: { type: 'array', items: { type: 'string' } },
    buckets: {
      type: 'array',
      items: {
        type: 'object',
        required: ['start', 'perClient'],
        properties: {
          start: { type: 'integer' },
          perClient: { type: 'object', additionalProperties: clientHourSpendSchema },
        },
      },
    },
  },
} as const;

export const budgetHistoryRoutes =
  (budget: Budget): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Querystring: { hours?: string } }>(
      BUDGET_HISTORY_PATH,
      {
        schema: { querystring: historyQuerySchema, response: { 200: historyResponseSchema } },
        schemaErrorFormatter: (errors) =>
          badRequest(
            errors[0]?.keyword === 'additionalProperties'
              ? 'the budget history route takes only the query parameter hours'
              : HOURS_RULE,
          ),
      },
      async (request): Promise<BudgetHistoryResponse> => {
        const hours = request.query.hours === undefined ? BUDGET_HISTORY_DEFAULT_HOURS : Number(request.query.hours);
        if (hours < 1 || hours > BUDGET_HISTORY_MAX_HOURS) throw badRequest(`${HOURS_RULE}, not ${hours}`);
        return budget.history(hours);
      },
    );
  };
