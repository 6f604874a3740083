// The approval queue over HTTP: GET /api/json/approvals lists what waits for an answer; POST
// /api/json/approvals/:id answers one ({decision: allow|deny, note?, via?}). Unknown and expired ids are a 404,
// a second answer a 409; either way the decision the agent already has stands.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { APPROVALS_PATH } from '@ssg/contracts/approvals';
import type { ApprovalQueue } from '../approvals/approval-queue';
import { conflict, notFound } from '../server/http-error';

export const approvalRoutes =
  (queue: ApprovalQueue): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      APPROVALS_PATH,
      {
        schema: DAEMON_ROUTES['GET /api/json/approvals'].schema,
      },
      async () => ({
        pending: queue.pending(),
        timeoutMs: queue.timeoutMs,
        defaultDecision: queue.defaultAnswer,
      }),
    );

    app.post(
      `${APPROVALS_PATH}/:id`,
      {
        schema: DAEMON_ROUTES['POST /api/json/approvals/:id'].schema,
      },
      async (request) => {
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
