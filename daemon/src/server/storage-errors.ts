// A change the daemon cannot write down (a full disk, a read-only home) is refused with a message that says so in
// plain words — the stores write atomically, so nothing was changed — instead of fastify's bare "Internal Server
// Error" with an errno. Every other error keeps fastify's own handling.
import type { FastifyInstance } from 'fastify';

const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const NOT_WRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR']);

export function installStorageErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const code = (error as { code?: unknown }).code;
    const full = typeof code === 'string' && FULL.has(code);
    if (!full && !(typeof code === 'string' && NOT_WRITABLE.has(code))) return reply.send(error);
    request.log.error({ err: error }, 'a change could not be saved');
    const statusCode = full ? 507 : 500;
    return reply.code(statusCode).send({
      statusCode,
      error: full ? 'Insufficient Storage' : 'Internal Server Error',
      message:
        `the daemon could not save this change (${(error as Error).message}), so nothing was changed: ` +
        (full ? 'free some disk space' : 'make the ssg home writable') +
        ' and try again',
    });
  });
}
