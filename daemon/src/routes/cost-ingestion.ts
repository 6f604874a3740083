// GET /api/json/costs/ingestion: how cost ingestion is doing — which log folders it reads, the last scan and the
// totals since the daemon started, models priced at the conservative estimate, the last problem met. Behind the
// token like every non-public route: the folder paths name the user's projects.
import type { FastifyPluginAsync } from 'fastify';
import type { CostIngestion } from '../costs/cost-ingestion';

export const COST_INGESTION_PATH = '/api/json/costs/ingestion';

const scanStatsSchema = {
  type: 'object',
  required: ['files', 'entries', 'duplicates', 'skippedLines', 'unpricedModels'],
  additionalProperties: false,
  properties: {
    files: { type: 'integer' },
    entries: { type: 'integer' },
    duplicates: { type: 'integer' },
    skippedLines: { type: 'integer' },
    unpricedModels: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const ingestionStatusSchema = {
  type: 'object',
  required: ['running', 'sources', 'trackedFiles', 'lastScanAt', 'lastScan', 'sinceStart', 'lastError'],
  additionalProperties: false,
  properties: {
    running: { type: 'boolean' },
    sources: {
      type: 'array',
      items: {
        type: 'object',
        required: ['client', 'roots'],
        additionalProperties: false,
        properties: { client: { type: 'string' }, roots: { type: 'array', items: { type: 'string' } } },
      },
    },
    trackedFiles: { type: 'integer' },
    lastScanAt: { type: ['integer', 'null'] },
    lastScan: { anyOf: [scanStatsSchema, { type: 'null' }] },
    sinceStart: scanStatsSchema,
    lastError: { type: ['string', 'null'] },
  },
} as const;

export const costIngestionRoutes =
  (ingestion: CostIngestion): FastifyPluginAsync =>
  async (app) => {
    app.get(
      COST_INGESTION_PATH,
      {
        // A GET has no body to describe; the query takes no parameters, so any is a 400.
        schema: {
          querystring: { type: 'object', additionalProperties: false, properties: {} },
          response: { 200: ingestionStatusSchema },
        },
      },
      async () => ingestion.status(),
    );
  };
