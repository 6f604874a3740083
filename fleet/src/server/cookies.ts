// Reading a cookie from a request's Cookie header (the fleet sets only simple name=value cookies of its own).
import type { FastifyRequest } from 'fastify';

export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}
