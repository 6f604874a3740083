// The rules hub `ssg hub pull` and `ssg hub list` read (docs/hub.md): under /hub/, `manifest.json` and the rule
// files its `rules_path`s name (rulesets/…), from the hub folder as `ssg-fleet hub-sign` signed it. Served as they are:
// the client trusts nothing here but the signatures it checks against the key it pins. Public, and revalidated on
// every fetch (ETag) so that a cache never pairs a new manifest with an old rule file.
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { RULES_PATH } from '../hub/hub-signing';
import { readServedFile, REVALIDATE, sendFile } from './file-reply';
import { HttpError } from './http-error';

export const HUB_PATH = '/hub';

/** `SSG_FLEET_HUB_DIR`, else `<data dir>/hub`. */
export const hubDirFrom = (env: NodeJS.ProcessEnv, dataDir: string): string =>
  env.SSG_FLEET_HUB_DIR || join(dataDir, 'hub');

export const rulesHubRoutes =
  ({ hubDir }: { hubDir: string }): FastifyPluginAsync =>
  async (app) => {
    app.get(`${HUB_PATH}/manifest.json`, (request, reply) => {
      const bytes = readServedFile(join(hubDir, 'manifest.json'), 'no rule packs are published on this hub yet');
      return sendFile(request, reply, {
        bytes,
        contentType: 'application/json; charset=utf-8',
        cacheControl: REVALIDATE,
      });
    });

    app.get<{ Params: { '*': string } }>(`${HUB_PATH}/rulesets/*`, (request, reply) => {
      const rulesPath = `rulesets/${request.params['*']}`;
      if (!RULES_PATH.test(rulesPath)) {
        throw new HttpError(404, `no ruleset file ${rulesPath} on this hub (ruleset files are rulesets/<name>.rules)`);
      }
      const bytes = readServedFile(join(hubDir, rulesPath), `no ruleset file ${rulesPath} on this hub`);
      return sendFile(request, reply, { bytes, contentType: 'text/plain; charset=utf-8', cacheControl: REVALIDATE });
    });
  };
