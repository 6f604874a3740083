// Headers the public routes read themselves (the accounts API and the CLI's session exchange): each must be sent
// once, and the machine name is shown to admins in the dashboard, so it is kept short and printable.
import { MACHINE_HEADER } from '@ssg/contracts/fleet';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

const MAX_MACHINE_LENGTH = 100;
/** Printable characters only: no control characters, no line or bidirectional-override tricks in the dashboard. */
const MACHINE_NAME = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

export function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  if (Array.isArray(value)) throw new HttpError(400, `send one ${name} header, not ${value.length}`);
  return value;
}

/** The `Authorization: Bearer` token, if one was sent. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(singleHeader(request, 'authorization') ?? '')?.[1];
}

/** The machine the CLI says it runs on (`X-SSG-Machine`), or null when it did not say. */
export function machineName(request: FastifyRequest): string | null {
  const value = singleHeader(request, MACHINE_HEADER)?.trim();
  if (!value) return null;
  if (value.length > MAX_MACHINE_LENGTH || !MACHINE_NAME.test(value)) {
    throw new HttpError(400, `${MACHINE_HEADER} is a machine name: up to ${MAX_MACHINE_LENGTH} printable characters`);
  }
  return value;
}
