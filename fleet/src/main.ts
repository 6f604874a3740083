#!/usr/bin/env node
// `ssg-fleet` (`npm run fleet`): runs the fleet server, or sets up an organization.
//   ssg-fleet                                              serve (configuration from SSG_FLEET_* variables)
//   ssg-fleet init-org <org_id> --name <name> --admin <email>
//                                                          create an organization, its first org_admin, and a
//                                                          service account whose key is printed once
//   ssg-fleet publish-plugin <file> --version <x.y.z>     publish a build of the opencode plugin (latest when newest)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { downloadsDirFrom, publishOpencodePlugin } from './downloads/opencode-plugin-builds';
import { newServiceAccountKey } from './crypto/service-account-keys';
import { FleetConfigError, fleetConfig } from './server/fleet-config';
import { startFleetServer } from './fleet-server';
import { openFleetStore } from './store/fleet-store';

async function serve(): Promise<void> {
  const fleet = await startFleetServer({ env: process.env });
  console.log(`ssg fleet listening on ${fleet.url} (database: ${fleet.config.databaseUrl.split(':')[0]})`);
  if (fleet.config.transport.kind === 'loopback-http') {
    console.warn(
      'WARNING: plain HTTP, for development on this machine only. Serve TLS (SSG_FLEET_TLS_CERT, SSG_FLEET_TLS_KEY) ' +
        'or run behind a proxy that terminates it (SSG_FLEET_TRUST_PROXY) before anyone else connects.',
    );
  }
  const stop = () => void fleet.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function initOrg(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: 'string' }, admin: { type: 'string' } },
  });
  const [orgId] = positionals;
  if (!orgId || !values.name || !values.admin) {
    throw new FleetConfigError('usage: ssg-fleet init-org <org_id> --name <name> --admin <email>');
  }
  const store = await openFleetStore(fleetConfig(process.env).databaseUrl);
  try {
    await store.organizations.create({ id: orgId, name: values.name });
    await store.members.add(orgId, values.admin, 'org_admin');
    const { token, hash } = newServiceAccountKey();
    await store.serviceAccounts.create({ orgId, name: 'initial admin key', keyHash: hash });
    console.log(`created ${orgId} with ${values.admin} as org_admin`);
    console.log(`service account key (shown once, keep it secret): ${token}`);
  } finally {
    await store.close();
  }
}

async function publishPlugin(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { version: { type: 'string' } } });
  const [file] = positionals;
  if (!file || !values.version) throw new FleetConfigError('usage: ssg-fleet publish-plugin <file> --version <x.y.z>');
  const config = fleetConfig(process.env);
  const published = publishOpencodePlugin(downloadsDirFrom(process.env, config.dataDir), {
    version: values.version,
    content: readFileSync(file),
  });
  console.log(`published opencode plugin ${published.version}${published.latest ? ' (now latest)' : ''}`);
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  'init-org': initOrg,
  'publish-plugin': publishPlugin,
};

const [command, ...rest] = process.argv.slice(2);
const run = command === undefined ? serve() : Object.hasOwn(COMMANDS, command) ? COMMANDS[command]!(rest) : undefined;
if (!run) {
  console.error(
    `ssg-fleet: unknown command ${JSON.stringify(command)}; commands: (none) to serve, init-org, publish-plugin`,
  );
  process.exit(2);
}
run.catch((error: unknown) => {
  console.error(`ssg-fleet: ${(error as Error).message}`);
  process.exit(1);
});
