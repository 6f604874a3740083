// The opencode plugin's downloads (spec, Versioning): `latest.json`, `latest/ssg-governance.js` and
// `<version>/ssg-governance.js` under /plugins/opencode, from the downloads folder (its layout:
// downloads/opencode-plugin-builds.ts). Public: the plugin is no secret, and `ssg` itself is needed to run it.
// A versioned build is immutable and cached as such; latest and latest.json are short-lived.
import type { FastifyPluginAsync } from 'fastify';
import {
  isPluginVersion,
  latestFile,
  OPENCODE_PLUGIN_PATH,
  PLUGIN_FILE,
  pluginBuildFile,
  readLatest,
} from '../downloads/opencode-plugin-builds';
import { IMMUTABLE, readServedFile, sendFile, SHORT_LIVED } from './file-reply';
import { HttpError } from './http-error';

const JAVASCRIPT = 'text/javascript; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

export const downloadRoutes =
  ({ downloadsDir }: { downloadsDir: string }): FastifyPluginAsync =>
  async (app) => {
    const latestOrFail = () => {
      const latest = readLatest(downloadsDir);
      if (!latest) throw new HttpError(404, 'no opencode plugin has been published on this server yet');
      return latest;
    };

    app.get(`${OPENCODE_PLUGIN_PATH}/latest.json`, (request, reply) => {
      latestOrFail();
      const bytes = readServedFile(
        latestFile(downloadsDir),
        'no opencode plugin has been published on this server yet',
      );
      return sendFile(request, reply, { bytes, contentType: JSON_TYPE, cacheControl: SHORT_LIVED });
    });

    app.get(`${OPENCODE_PLUGIN_PATH}/latest/${PLUGIN_FILE}`, (request, reply) => {
      const { version } = latestOrFail();
      const bytes = readServedFile(
        pluginBuildFile(downloadsDir, version),
        `latest.json names version ${version}, whose build is missing on this server`,
      );
      reply.header('x-ssg-plugin-version', version);
      return sendFile(request, reply, { bytes, contentType: JAVASCRIPT, cacheControl: SHORT_LIVED });
    });

    app.get<{ Params: { version: string } }>(`${OPENCODE_PLUGIN_PATH}/:version/${PLUGIN_FILE}`, (request, reply) => {
      const { version } = request.params;
      if (!isPluginVersion(version)) {
        throw new HttpError(400, `'${version}' is not a plugin version: use x.y.z (semver), or latest`);
      }
      const latest = readLatest(downloadsDir);
      const bytes = readServedFile(
        pluginBuildFile(downloadsDir, version),
        `no opencode plugin version ${version} on this server` +
          (latest ? `; the latest is ${latest.version}` : '; none has been published yet'),
      );
      return sendFile(request, reply, { bytes, contentType: JAVASCRIPT, cacheControl: IMMUTABLE });
    });
  };
