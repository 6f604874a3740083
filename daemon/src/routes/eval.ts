// POST /api/json/eval: the hooks' route. The body is a tool call already parsed by its host's adapter; the answer
// is the verdict (see packages/contracts/src/eval.ts). Strict schemas: a hook that sends something else
// has a bug worth a 400, and nothing of a rejected request reaches the ledger or the audit log.
import type { FastifyPluginAsync } from 'fastify';
import { EVAL_PATH, type EvalRequest } from '@ssg/contracts/eval';
import { CAPABILITIES, DECISIONS } from '@ssg/engine';
import type { EvaluationPipeline } from '../evaluation/evaluation-pipeline';

const toolCallSchema = {
  type: 'object',
  required: ['tool', 'input', 'capability', 'client'],
  additionalProperties: false,
  properties: {
    tool: { type: 'string', minLength: 1, maxLength: 256 },
    input: { type: 'object' },
    capability: { type: 'string', enum: CAPABILITIES },
    client: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
    cwd: { type: 'string', minLength: 1, maxLength: 4096 },
    sessionId: { type: 'string', maxLength: 256 },
  },
} as const;

const matchedConditionSchema = {
  type: 'object',
  properties: {
    field: { type: 'string' },
    op: { type: 'string' },
    negated: { type: 'boolean' },
    value: { type: 'string' },
    view: { type: 'string' },
  },
} as const;

export const evalResponseSchema = {
  type: 'object',
  required: ['decision', 'decidedBy', 'auditId', 'durationMs', 'matched'],
  properties: {
    decision: { type: 'string', enum: DECISIONS },
    decidedBy: { type: 'string', enum: ['rules', 'budget', 'approval'] },
    ruleId: { type: 'string' },
    message: { type: 'string' },
    prompt: { type: 'string' },
    substitute: { type: 'string' },
    warning: { type: 'string' },
    matched: { type: 'array', items: matchedConditionSchema },
    durationMs: { type: 'number' },
    auditId: { type: 'integer' },
  },
} as const;

export const evalRoutes =
  (pipeline: EvaluationPipeline): FastifyPluginAsync =>
  async (app) => {
    app.post<{ Body: EvalRequest }>(
      EVAL_PATH,
      {
        schema: {
          body: {
            type: 'object',
            required: ['call', 'askSupported'],
            additionalProperties: false,
            properties: { call: toolCallSchema, askSupported: { type: 'boolean' } },
          },
          response: { 200: evalResponseSchema },
        },
      },
      async (request) => pipeline.evaluate(request.body),
    );
  };
