// The JSON body parser: fastify's size limit applies first; then nesting deeper than MAX_JSON_DEPTH is refused
// before validation or any handler walks it (a hostile `[[[[…]]]]` would otherwise cost stack and time).
import type { FastifyInstance } from 'fastify';
import { depthExceeds, MAX_JSON_DEPTH } from '@ssg/contracts/eval-limits';
import { badRequest } from './http-error';

/** What String.prototype.trim removes, and nothing else: JSON.parse refuses all of it too. */
const BLANK = /^\s*$/;

export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      // Blank text is never JSON, so it is told apart only here, off the path of every valid body (no copy of
      // up to 8 MiB for a trim).
      if (BLANK.test(text)) return done(badRequest('the request body is empty; send a JSON document'));
      return done(badRequest(`the request body is not valid JSON${positionOf(error)}`));
    }
    if (depthExceeds(value, MAX_JSON_DEPTH)) {
      return done(badRequest(`the request body is nested deeper than ${MAX_JSON_DEPTH} levels`));
    }
    done(null, value);
  });
}

/**
 * Where JSON.parse stopped, when it says. Never its whole message: V8 quotes the start of the text, which may hold
 * a secret, and the answer reaches the daemon's log.
 */
function positionOf(error: unknown): string {
  const position = /at position (\d+)/.exec((error as Error).message)?.[1];
  return position === undefined ? '' : ` (at position ${position})`;
}
