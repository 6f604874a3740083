// GET /api/json/agents and POST /api/json/agents/:name: the dashboard's Agents page. The report is `ssg doctor`'s
// and the install/uninstall is `ssg init`'s and `ssg uninstall`'s, through the same CLI code, run for the project
// folder the request names and the daemon's ssg home (where an install puts its starter rules).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { AGENTS_PATH } from '@ssg/contracts/dashboard';
import { adapterNamed, adapterNames } from '@ssg/hosts/registry';
import { installTarget, type InstallTarget } from '@ssg/hosts/install/adapter-installer';
import { adapterHealthReport } from '@ssg/hosts/install/adapter-health';
import { ConfigFileError } from '@ssg/hosts/config-edit/config-file-error';
import { installAdapter } from '@ssg/hosts/install/install-adapter';
import { InstallReport } from '@ssg/hosts/install/install-report';
import { conflict, notFound } from '../server/http-error';
import { existingFolder } from './absolute-folder';

export interface AgentRouteOptions {
  /** The ssg home: where an install's starter rules go. */
  home: string;
  /** The user's home, where hosts keep their user-wide configuration; also the default project folder. */
  userHome: string;
  /** The hosts' variables (CLAUDE_CONFIG_DIR, CODEX_HOME, COPILOT_HOME) and PATH. */
  env: NodeJS.ProcessEnv;
}

export const agentRoutes =
  ({ home, userHome, env }: AgentRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    const targetFor = (projectDir: string): InstallTarget => installTarget(projectDir, { home: userHome, env });

    app.get(AGENTS_PATH, { schema: DAEMON_ROUTES['GET /api/json/agents'].schema }, async (request) => {
      const { projectDir: asked } = request.query;
      const projectDir = asked === undefined ? userHome : existingFolder('projectDir', asked);
      return { projectDir, agents: adapterHealthReport(targetFor(projectDir)) };
    });

    app.post(
      `${AGENTS_PATH}/:name`,
      { schema: DAEMON_ROUTES['POST /api/json/agents/:name'].schema },
      async (request) => {
        const { name } = request.params;
        if (!adapterNamed(name)) {
          throw notFound(`unknown client ${JSON.stringify(name)}: valid names are ${adapterNames().join(', ')}`);
        }
        const projectDir = existingFolder('projectDir', request.body.projectDir);
        const report = new InstallReport();
        try {
          if (!installAdapter(name, targetFor(projectDir), request.body.action, report, home)) {
            report.addManualStep(
              `${name} has nothing to install: callers pipe tool calls into \`ssg eval\` themselves`,
            );
          }
        } catch (error) {
          // Files written before the error stay written (as with `ssg init`); the bad file was not touched.
          if (error instanceof ConfigFileError) throw conflict(`${error.message}; that file was left untouched`);
          throw error;
        }
        return { name, changed: report.changed, files: report.files, manualSteps: report.manualSteps };
      },
    );
  };
