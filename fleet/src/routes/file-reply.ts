// Sends a file the fleet serves for download (a plugin build, a hub manifest or ruleset) with a strong ETag from its
// content, so a client that has it gets 304 Not Modified, and the caching the caller chose for it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/** A versioned build never changes: caches keep it for a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `latest` moves when a version is published: caches may keep it five minutes. */
export const SHORT_LIVED = 'public, max-age=300';
/** Must be checked with the server every time (ETag makes that cheap). */
export const REVALIDATE = 'no-cache';

export function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
}

/** The file's bytes, or a 404 with `missing` as its message. */
export function readServedFile(path: string, missing: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') throw new HttpError(404, missing);
    throw error;
  }
}

export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { bytes, contentType, cacheControl }: { bytes: Buffer; contentType: string; cacheControl: string },
): FastifyReply {
  const etag = etagOf(bytes);
  reply.header('etag', etag).header('cache-control', cacheControl);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type(contentType).send(bytes);
}
