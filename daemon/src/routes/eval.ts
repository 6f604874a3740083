// POST /api/json/eval: the hooks' route. The body is a tool call already parsed by its host's adapter; the answer
// is the verdict. Both are defined in packages/contracts/src/schemas/eval.ts. An ASK held for approval ends blocked
// when the hook's connection closes first: an answer could no longer reach its call.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { EVAL_PATH } from '@ssg/contracts/eval';
import type { EvaluationPipeline } from '../evaluation/evaluation-pipeline';

export const evalRoutes =
  (pipeline: EvaluationPipeline): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(EVAL_PATH, { schema: DAEMON_ROUTES['POST /api/json/eval'].schema }, async (request, reply) => {
      // The hook's connection closing before the answer is sent means nobody waits for it any more.
      const left = new AbortController();
      const leave = (): void => {
        if (!reply.sent) left.abort();
      };
      reply.raw.on('close', leave);
      try {
        return await pipeline.evaluate(request.body, left.signal);
      } finally {
        reply.raw.off('close', leave);
      }
    });
  };
