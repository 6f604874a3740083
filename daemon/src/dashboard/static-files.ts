// The built dashboard (renderer/dist) at `/` and its assets, public: the page holds no data, every API call it
// makes needs the tab's session header. Only regular files inside the folder are served: `..`, encoded or not, and
// symlinks that lead out are refused as not found. index.html is never cached, so a new build shows at once;
// Vite's hashed assets are cached for good. The sending itself — content type, ETag and Last-Modified with 304s,
// streaming — is @fastify/static's; the routes and the checks above stay ours, so no catch-all route exists and
// a file built after start is served too.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../server/http-error';
import { notBuiltPage } from './pages';
import { setDashboardHeaders } from './security-headers';

/** Vite puts content-hashed file names under assets/: a changed file gets a new name. */
const IMMUTABLE_PREFIX = `assets${sep}`;

export const staticFileRoutes =
  (rendererDir: string): FastifyPluginAsync =>
  async (app) => {
    // Only reply.sendFile: the routes below decide what is served.
    await app.register(fastifyStatic, {
      root: rendererDir,
      serve: false,
      setHeaders: (reply, path) => {
        if (JAVASCRIPT.test(path)) reply.header('content-type', 'text/javascript; charset=utf-8');
      },
    });
    // No query or body is read; the answer is a file, not JSON, so there is no response schema to declare.
    const options = { config: { access: 'public' }, schema: { querystring: { type: 'object' } } } as const;

    app.get('/', options, async (_request, reply) => {
      const index = await servableFile(rendererDir, 'index.html');
      if (!index) return setDashboardHeaders(reply).code(503).type('text/html; charset=utf-8').send(notBuiltPage());
      return sendFile(reply, rendererDir, 'index.html');
    });

    // Top-level files and Vite's assets/ only, not a catch-all: any other path (an unknown /api/ route above all)
    // falls through to the not-found handler behind the token auth, so it reveals nothing without the token.
    const serve = async (request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> => {
      const file = await servableFile(rendererDir, path);
      if (!file) throw notFound(`no file ${JSON.stringify(request.url)} in the dashboard`);
      return sendFile(reply, rendererDir, relative(await realpath(rendererDir), file));
    };
    app.get<{ Params: { file: string } }>('/:file', options, (request, reply) =>
      serve(request, reply, request.params.file),
    );
    app.get<{ Params: { '*': string } }>('/assets/*', options, (request, reply) =>
      serve(request, reply, `assets/${request.params['*']}`),
    );
  };

/** The real path of `path` inside `root` when it is a regular file there; undefined for anything else. */
async function servableFile(root: string, path: string): Promise<string | undefined> {
  if (path === '' || path.includes('\0') || path.includes('\\')) return undefined;
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  try {
    const realRoot = await realpath(root);
    const real = await realpath(join(realRoot, path));
    const inside = relative(realRoot, real);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** RFC 9239 names JavaScript text/javascript; the sender's MIME table still says application/javascript. */
const JAVASCRIPT = /\.m?js$/;

function sendFile(reply: FastifyReply, root: string, relativePath: string): FastifyReply {
  const cache =
    relativePath === 'index.html'
      ? 'no-store'
      : relativePath.startsWith(IMMUTABLE_PREFIX)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
  return setDashboardHeaders(reply)
    .header('cache-control', cache)
    .sendFile(relativePath.split(sep).join('/'), root, { cacheControl: false });
}
