// POST /api/json/eval: the hooks' route. The body is a tool call already parsed by its host's adapter; the answer
// is the verdict. Both are defined in packages/contracts/src/schemas/eval.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { EVAL_PATH } from '@ssg/contracts/eval';
import type { EvaluationPipeline } from '../evaluation/evaluation-pipeline';

export const evalRoutes =
  (pipeline: EvaluationPipeline): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(EVAL_PATH, { schema: DAEMON_ROUTES['POST /api/json/eval'].schema }, async (request) =>
      pipeline.evaluate(request.body),
    );
  };
