// The daemon's fastify instance: every answer signed for a caller that sends a nonce (daemon-identity.ts),
// loopback-only Host check, the credential each route asks for (credential-auth.ts),
// a JSON parser that refuses empty, malformed and over-deep bodies, and then one route plugin per area.
// No CORS headers are ever sent, so a web page cannot read a response or send a preflighted request.
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { type DaemonIdentity, installDaemonProof } from './daemon-identity';
import { installJsonBodyParser } from './json-body';
import { loopbackGuard } from './loopback-guard';
import { installStorageErrorHandler } from './storage-errors';
import { credentialAuth, type CredentialAuthOptions } from './credential-auth';
import { SERVER_TIMEOUTS } from './connection-limits';

/** Large enough for a Write of a big file; the hook evaluates anything larger in-process. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface AppOptions {
  /** The hooks' credential, and the admin credential and other proof of a person (credential-auth.ts). */
  credentials: CredentialAuthOptions;
  /** The port the server listens on, read per request (known only after listen when 0 was asked for). */
  port: () => number;
  routes: readonly FastifyPluginAsync[];
  /** Signs every answer to a request with a nonce, so callers can tell this daemon from a squatter on its port. */
  identity: DaemonIdentity;
  /** fastify's logger (log/daemon-logger.ts); none when absent. */
  log?: Pick<FastifyServerOptions, 'logger' | 'logController'>;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    ...options.log,
    bodyLimit: MAX_BODY_BYTES,
    // Unknown properties are an error the caller should hear about, not data silently dropped.
    ajv: { customOptions: { removeAdditional: false, allErrors: false, coerceTypes: false } },
    return503OnClosing: true,
    forceCloseConnections: true,
    // A stalled request is cut, a held answer never is (connection-limits.ts).
    ...SERVER_TIMEOUTS,
  });
  installDaemonProof(app, options.identity);
  installJsonBodyParser(app);
  installStorageErrorHandler(app);
  await app.register(loopbackGuard, { port: options.port });
  await app.register(credentialAuth, options.credentials);
  for (const routes of options.routes) await app.register(routes);
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `no route ${request.method} ${request.url}` }),
  );
  return app;
}
