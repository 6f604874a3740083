// Request bodies every JSON route must refuse with a clear 4xx before any handler runs (the body parser and
// fastify's size limit), shared by the route tests.
import { MAX_JSON_DEPTH } from '@ssg/contracts/eval-limits';

export const hostileBodies: Array<{ name: string; rawBody: string; status: number; message: RegExp }> = [
  { name: 'empty', rawBody: '', status: 400, message: /body is empty/ },
  { name: 'malformed', rawBody: '{"call": ', status: 400, message: /not valid JSON/ },
  // The parser's own message quotes the text, which reaches the daemon's log: only the position is told.
  {
    name: 'malformed, holding a secret',
    rawBody: 'password=hunter2-is-my-secret',
    status: 400,
    message: /^the request body is not valid JSON( \(at position \d+\))?$/,
  },
  {
    name: 'too deep',
    rawBody: `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`,
    status: 400,
    message: /nested deeper than 64 levels/,
  },
  {
    name: 'too large',
    rawBody: JSON.stringify({ x: 'a'.repeat(9 * 1024 * 1024) }),
    status: 413,
    message: /too large/i,
  },
];
