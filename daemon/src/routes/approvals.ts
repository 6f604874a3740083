// The approval queue over HTTP: GET /api/json/approvals lists what waits for an answer; POST
// /api/json/approvals/:id answers one ({decision: allow|deny, note?, via?}). Unknown and expired ids are a 404,
// a second answer a 409; either way the decision the agent already has stands.
import type { FastifyPluginAsync } from 'fastify';
import {
  APPROVAL_ID_PATTERN,
  APPROVALS_PATH,
  type ApprovalAnswerRequest,
  type ApprovalAnswerResponse,
  type ApprovalList,
  MAX_APPROVAL_NOTE_CHARS,
} from '@ssg/contracts/approvals';
import type { ApprovalQueue } from '../approvals/approval-queue';
import { conflict, notFound } from '../server/http-error';
import { summarizedCallProperties, summarizedCallRequired } from './summarized-call-schema';

const approvalSchema = {
  type: 'object',
  required: ['id', ...summarizedCallRequired, 'createdAt', 'expiresAt'],
  properties: {
    id: { type: 'string' },
    ...summarizedCallProperties,
    ruleId: { type: 'string' },
    prompt: { type: 'string' },
    message: { type: 'string' },
    createdAt: { type: 'integer' },
    expiresAt: { type: 'integer' },
  },
} as const;

const answers = ['allow', 'deny'];

const emptyQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

export const approvalRoutes =
  (queue: ApprovalQueue): FastifyPluginAsync =>
  async (app) => {
    app.get(
      APPROVALS_PATH,
      {
        schema: {
          querystring: emptyQuery,
          response: {
            200: {
              type: 'object',
              required: ['pending', 'timeoutMs', 'defaultDecision'],
              properties: {
                pending: { type: 'array', items: approvalSchema },
                timeoutMs: { type: 'integer' },
                defaultDecision: { type: 'string', enum: answers },
              },
            },
          },
        },
      },
      async (): Promise<ApprovalList> => ({
        pending: queue.pending(),
        timeoutMs: queue.timeoutMs,
        defaultDecision: queue.defaultAnswer,
      }),
    );

    app.post<{ Params: { id: string }; Body: ApprovalAnswerRequest }>(
      `${APPROVALS_PATH}/:id`,
      {
        schema: {
          params: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string', pattern: APPROVAL_ID_PATTERN } },
          },
          querystring: emptyQuery,
          body: {
            type: 'object',
            required: ['decision'],
            additionalProperties: false,
            properties: {
              decision: { type: 'string', enum: answers },
              note: { type: 'string', maxLength: MAX_APPROVAL_NOTE_CHARS },
              via: { type: 'string', enum: ['dashboard', 'cli'] },
            },
          },
          response: {
            200: {
              type: 'object',
              required: ['approval', 'decision', 'answeredBy', 'message'],
              properties: {
                approval: approvalSchema,
                decision: { type: 'string', enum: ['allow', 'block'] },
                answeredBy: { type: 'string' },
                message: { type: 'string' },
              },
            },
          },
        },
      },
      async (request): Promise<ApprovalAnswerResponse> => {
        const { id } = request.params;
        const { decision, note, via = 'dashboard' } = request.body;
        const result = queue.answer(id, { decision, via, ...(note !== undefined && { note }) });
        switch (result.kind) {
          case 'answered':
            return { approval: result.approval, ...result.resolution };
          case 'unknown':
            throw notFound(`no approval request ${id} is waiting (\`ssg approvals\` lists those that are)`);
          case 'expired':
            throw notFound(`approval request ${id} is no longer waiting: ${result.resolution.message}`);
          case 'already-answered':
            throw conflict(`approval request ${id} was already answered: ${result.resolution.message}`);
        }
      },
    );
  };
