// `ssg-fleet publish-plugin`: puts a build of the opencode plugin where the downloads routes serve it
// (downloads/opencode-plugin-builds.ts decides what may be published and when `latest` moves).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { downloadsDirFrom, publishOpencodePlugin } from '../downloads/opencode-plugin-builds';
import { fleetConfig } from '../server/fleet-config';
import { type FleetCommand, UsageError } from './fleet-command';

export const publishPlugin: FleetCommand = {
  usage: '<file> --version <x.y.z>',
  summary: 'publish a build of the opencode plugin (it becomes latest when it is the newest release)',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { version: { type: 'string' } },
    });
    const [file, ...extra] = positionals;
    if (!file || !values.version || extra.length > 0) throw new UsageError('publish-plugin needs a file and --version');
    const config = fleetConfig(process.env);
    const published = publishOpencodePlugin(downloadsDirFrom(process.env, config.dataDir), {
      version: values.version,
      content: readFileSync(file),
    });
    console.log(`published opencode plugin ${published.version}${published.latest ? ' (now latest)' : ''}`);
  },
};
