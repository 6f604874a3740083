// `ssg-fleet` / `ssg-fleet serve`: runs the fleet server until SIGINT or SIGTERM, configured by SSG_FLEET_*.
import { startFleetServer } from '../fleet-server';
import { type FleetCommand, UsageError } from './fleet-command';

export const serve: FleetCommand = {
  usage: '',
  summary: 'run the fleet server (the default; configured by SSG_FLEET_* variables)',
  async run(args) {
    if (args.length > 0) throw new UsageError(`serve takes no arguments, got ${JSON.stringify(args.join(' '))}`);
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
  },
};
