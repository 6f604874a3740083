// GET and POST /api/json/sleep-mode: Sleep at Night's state, and switching it (docs/daemon-api.md). Both need the
// token (spec, Authentication 5). A body the schema rejects is a 400 that names the field and what it must be, and
// changes nothing: validation runs before the handler.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import type { FastifySchemaValidationError } from 'fastify';
import { MAX_SLEEP_MS, SLEEP_MODE_PATH } from '@ssg/contracts/sleep-mode';
import { badRequest } from '../server/http-error';
import type { SleepMode } from '../sleep/sleep-mode';

const BODY_SHAPE = '{"enabled": boolean, "forMs"?: integer}';
const FOR_MS_RANGE = `a whole number of milliseconds from 1 to ${MAX_SLEEP_MS} (30 days)`;

/** A caller's field name, quoted, short, and printable ASCII only (no bidi overrides or escapes in the answer). */
function quoteFieldName(name: string): string {
  const printable = JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}...` : name);
  return printable.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Turns the first schema error into a sentence about the field, not ajv's path notation. */
function describeValidationError(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const [error] = errors;
  if (dataVar === 'querystring') return badRequest('sleep-mode takes no query parameters');
  const field = error?.instancePath.replace(/^\//, '') ?? '';
  const params = (error?.params ?? {}) as Record<string, unknown>;
  if (error?.keyword === 'additionalProperties') {
    return badRequest(`unknown field ${quoteFieldName(String(params.additionalProperty))}; the body is ${BODY_SHAPE}`);
  }
  if (error?.keyword === 'required') return badRequest(`"enabled" is required; the body is ${BODY_SHAPE}`);
  if (field === 'enabled') return badRequest('"enabled" must be true or false (a JSON boolean)');
  if (field === 'forMs') {
    const got = error?.keyword === 'type' ? 'not an integer' : error?.keyword === 'minimum' ? 'too small' : 'too large';
    return badRequest(`"forMs" is ${got}: it must be ${FOR_MS_RANGE}`);
  }
  return badRequest(`the body must be a JSON object ${BODY_SHAPE}`);
}

export const sleepModeRoutes =
  (sleepMode: SleepMode): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      SLEEP_MODE_PATH,
      {
        schema: DAEMON_ROUTES['GET /api/json/sleep-mode'].schema,
        schemaErrorFormatter: describeValidationError,
      },
      async () => sleepMode.get(),
    );

    app.post(
      SLEEP_MODE_PATH,
      {
        schema: DAEMON_ROUTES['POST /api/json/sleep-mode'].schema,
        schemaErrorFormatter: describeValidationError,
      },
      async (request) => {
        const { enabled, forMs } = request.body;
        if (!enabled && forMs !== undefined) {
          throw badRequest('"forMs" applies only when "enabled" is true; send {"enabled": false} to turn it off');
        }
        return sleepMode.set(request.body);
      },
    );
  };
