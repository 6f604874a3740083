// GET /api/json/agents and POST /api/json/agents/:name: the dashboard's Agents page. The report is `ssg doctor`'s
// and the install/uninstall is `ssg init`'s and `ssg uninstall`'s, through the same CLI code, run for the project
// folder the request names and the daemon's ssg home (where an install puts its starter rules).
import type { FastifyPluginAsync } from 'fastify';
import { adapterNamed, adapterNames } from '@ssg/hosts/registry';
import {
  AGENTS_PATH,
  type AgentChangeRequest,
  type AgentChangeResponse,
  type AgentsResponse,
} from '@ssg/contracts/dashboard';
import type { InstallTarget } from '@ssg/hosts/install/adapter-installer';
import { adapterHealthReport } from '@ssg/hosts/install/adapter-health';
import { ConfigFileError } from '@ssg/hosts/config-edit/config-file-error';
import { installAdapter } from '@ssg/hosts/install/install-adapter';
import { InstallReport } from '@ssg/hosts/install/install-report';
import { conflict, notFound } from '../server/http-error';
import { existingFolder, folderSchema } from './absolute-folder';

export interface AgentRouteOptions {
  /** The ssg home: where an install's starter rules go. */
  home: string;
  /** The user's home, where hosts keep their user-wide configuration; also the default project folder. */
  userHome: string;
}

const healthSchema = {
  type: 'object',
  required: ['name', 'detected', 'installed', 'problems'],
  properties: {
    name: { type: 'string' },
    detected: { type: 'boolean' },
    installed: { type: 'boolean' },
    problems: { type: 'array', items: { type: 'string' } },
  },
} as const;

const changeBodySchema = {
  type: 'object',
  required: ['action', 'projectDir'],
  additionalProperties: false,
  properties: { action: { type: 'string', enum: ['install', 'uninstall'] }, projectDir: folderSchema },
} as const;

const changeResponseSchema = {
  type: 'object',
  required: ['name', 'changed', 'files', 'manualSteps'],
  properties: {
    name: { type: 'string' },
    changed: { type: 'boolean' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'action', 'note'],
        properties: { path: { type: 'string' }, action: { type: 'string' }, note: { type: 'string' } },
      },
    },
    manualSteps: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const agentRoutes =
  ({ home, userHome }: AgentRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const targetFor = (projectDir: string): InstallTarget => ({ projectDir, home: userHome });

    app.get<{ Querystring: { projectDir?: string } }>(
      AGENTS_PATH,
      {
        schema: {
          querystring: { type: 'object', additionalProperties: false, properties: { projectDir: folderSchema } },
          response: {
            200: {
              type: 'object',
              required: ['projectDir', 'agents'],
              properties: { projectDir: { type: 'string' }, agents: { type: 'array', items: healthSchema } },
            },
          },
        },
      },
      async (request): Promise<AgentsResponse> => {
        const { projectDir: asked } = request.query;
        const projectDir = asked === undefined ? userHome : existingFolder('projectDir', asked);
        return { projectDir, agents: adapterHealthReport(targetFor(projectDir)) };
      },
    );

    app.post<{ Params: { name: string }; Body: AgentChangeRequest }>(
      `${AGENTS_PATH}/:name`,
      {
        schema: {
          params: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
          },
          body: changeBodySchema,
          response: { 200: changeResponseSchema },
        },
      },
      async (request): Promise<AgentChangeResponse> => {
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
