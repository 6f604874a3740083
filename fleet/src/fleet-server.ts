// The fleet server as `ssg-fleet` (or `npm run fleet`) runs it: configuration and secrets from the environment,
// the database opened and migrated, every area's routes behind HTTPS and the one authorization hook. Nothing is
// kept in the process between requests, so two servers on one PostgreSQL behave as one.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { fleetAuth } from './auth/fleet-auth';
import { storePrincipals } from './auth/store-principals';
import { secretBoxFromEnv } from './crypto/secret-box';
import { licenceSignerFromEnv } from './licences/licence-signer';
import { downloadsDirFrom } from './downloads/opencode-plugin-builds';
import { cliSessionRoutes } from './routes/cli-sessions';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { sendSignInFailure } from './dashboard/sign-in-failure';
import { downloadRoutes } from './routes/downloads';
import { hubDirFrom, rulesHubRoutes } from './routes/rules-hub';
import { hostedMcpRoutes } from './routes/hosted-mcp';
import { licenceRoutes } from './routes/licences';
import { licenseRoutes } from './routes/license';
import { machineRoutes } from './routes/machines';
import { memberRoutes } from './routes/members';
import { oidcLoginRoutes } from './routes/oidc-login';
import { orgRulesRoutes } from './routes/org-rules';
import { organizationRoutes } from './routes/organizations';
import { serviceAccountRoutes } from './routes/service-accounts';
import { ssoConfigRoutes } from './routes/sso-config';
import { tokenBrokerRoutes } from './routes/oidc-token-broker';
import { buildFleetApp } from './server/fleet-app';
import { type FleetConfig, fleetConfig } from './server/fleet-config';
import { OidcDiscovery } from './sso/oidc-discovery';
import { type FleetStore, openFleetStore } from './store/fleet-store';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface RunningFleet {
  /** Where this server listens (users reach it at `config.publicUrl`, which may be a proxy's or a balancer's). */
  url: string;
  config: FleetConfig;
  store: FleetStore;
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface FleetServerOptions {
  env: NodeJS.ProcessEnv;
  /** Clock for login states, sessions and the JWKS cache (tests move it). */
  now?: () => number;
}

export async function startFleetServer({ env, now = Date.now }: FleetServerOptions): Promise<RunningFleet> {
  const config = fleetConfig(env);
  const secrets = secretBoxFromEnv(env);
  const signer = licenceSignerFromEnv(env);
  const discovery = new OidcDiscovery();
  const store = await openFleetStore(config.databaseUrl, now);
  try {
    const health: FastifyPluginAsync = async (app) => {
      app.get('/health', async () => ({ ok: true, database: config.databaseUrl.split(':')[0] }));
    };
    const app = await buildFleetApp({
      config,
      routes: [
        // At the root (fastify-plugin): the authorization hook covers every route registered after it.
        fp(async (root) => {
          await root.register(fleetAuth, { resolver: storePrincipals(store), publicUrl: config.publicUrl });
        }),
        health,
        organizationRoutes(store),
        memberRoutes(store),
        orgRulesRoutes(store),
        serviceAccountRoutes(store),
        ssoConfigRoutes(store, secrets),
        oidcLoginRoutes({
          store,
          secrets,
          discovery,
          publicUrl: config.publicUrl,
          now,
          failurePage: sendSignInFailure,
        }),
        licenseRoutes({ store, signer, discovery, now }),
        cliSessionRoutes({ store, discovery, now }),
        tokenBrokerRoutes({ store, secrets, discovery, now }),
        machineRoutes(store),
        licenceRoutes(store, now),
        hostedMcpRoutes({ store, signer, now }),
        downloadRoutes({ downloadsDir: downloadsDirFrom(env, config.dataDir) }),
        rulesHubRoutes({ hubDir: hubDirFrom(env, config.dataDir) }),
        dashboardRoutes({ store, publicUrl: config.publicUrl, now }),
      ],
    });
    await app.listen({ host: config.host, port: config.port });
    // Expired login states and sessions are refused when looked up; this only keeps the tables small.
    const sweep = setInterval(() => {
      void Promise.all([
        store.loginStates.deleteExpired(),
        store.sessions.deleteExpired(),
        store.licenceGrants.deleteOld(),
      ]).catch(() => {});
    }, SWEEP_EVERY_MS);
    sweep.unref();
    const { port } = app.server.address() as AddressInfo;
    const scheme = config.transport.kind === 'tls' ? 'https' : 'http';
    const url = `${scheme}://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    return {
      url,
      config,
      store,
      app,
      close: async () => {
        clearInterval(sweep);
        await app.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
