// The fleet server's fastify instance: HTTPS (TLS here, or a trusted proxy's), HSTS, JSON errors that read alike
// ({statusCode, error, message}), unknown body properties refused, then one plugin per area.
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { FleetConfig } from './fleet-config';
import { httpsOnly } from './https-only';

export interface FleetAppOptions {
  config: Pick<FleetConfig, 'transport' | 'publicUrl'>;
  routes: readonly FastifyPluginAsync[];
}

/** Large enough for any fleet API body (an SSO configuration, a member); the hosted MCP sets its own. */
const MAX_BODY_BYTES = 1024 * 1024;

export async function buildFleetApp({ config, routes }: FleetAppOptions): Promise<FastifyInstance> {
  const { transport } = config;
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    ajv: { customOptions: { removeAdditional: false, allErrors: false, coerceTypes: false } },
    return503OnClosing: true,
    forceCloseConnections: true,
    ...(transport.kind === 'tls' && {
      https: { cert: readFileSync(transport.certFile), key: readFileSync(transport.keyFile) },
    }),
    ...(transport.kind === 'behind-proxy' && { trustProxy: transport.trustedProxies }),
  });
  await app.register(httpsOnly, { transport, publicUrl: config.publicUrl });
  for (const plugin of routes) await app.register(plugin);
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `no route ${request.method} ${request.url}` }),
  );
  return app;
}
