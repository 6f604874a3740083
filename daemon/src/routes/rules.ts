// GET /api/json/rules: the dashboard's Rules page. The rules a call in `cwd` meets, file by file, with each file's
// parse and lint findings, as the daemon's RuleRegistry has them compiled; and the 10 rules of the Sleep at Night
// bundle with their security categories, read once from the bundled resources.
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { RULES_PATH, type RuleFileSummary, type RulesResponse, type SleepBundleRule } from '@ssg/contracts/dashboard';
import type { RuleNode } from '@ssg/engine';
import { parseRuleFile } from '@ssg/node/rules/load';
import { RulesUnusableError } from '@ssg/node/rules/rules-unusable';
import { bundledRulesDir } from '@ssg/node/resources';
import type { RuleRegistry } from '../rules/rule-registry';
import { conflict } from '../server/http-error';
import { existingFolder, folderSchema } from './absolute-folder';

export interface RulesRouteOptions {
  rules: RuleRegistry;
  /** The folder asked about when the request names none: the user's home. */
  defaultCwd: string;
}

const querySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { cwd: folderSchema },
} as const;

const ruleSchema = {
  type: 'object',
  required: ['id', 'decision', 'target', 'priority', 'severity', 'enabled'],
  properties: {
    id: { type: 'string' },
    decision: { type: 'string' },
    target: { type: 'string' },
    priority: { type: 'number' },
    severity: { type: 'string' },
    message: { type: 'string' },
    enabled: { type: 'boolean' },
  },
} as const;

const diagnosticSchema = {
  type: 'object',
  required: ['severity', 'code', 'message', 'line', 'column'],
  properties: {
    severity: { type: 'string' },
    code: { type: 'string' },
    message: { type: 'string' },
    line: { type: 'integer' },
    column: { type: 'integer' },
    ruleId: { type: 'string' },
  },
} as const;

const responseSchema = {
  type: 'object',
  required: ['files', 'sleepBundle'],
  properties: {
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'rules', 'diagnostics'],
        properties: {
          path: { type: 'string' },
          rules: { type: 'array', items: ruleSchema },
          diagnostics: { type: 'array', items: diagnosticSchema },
        },
      },
    },
    sleepBundle: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'category', 'decision', 'message'],
        properties: {
          id: { type: 'string' },
          category: { type: 'string' },
          decision: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
  },
} as const;

export const rulesRoutes =
  ({ rules, defaultCwd }: RulesRouteOptions): FastifyPluginAsync =>
  async (app) => {
    let sleepBundle: SleepBundleRule[] | undefined;

    app.get<{ Querystring: { cwd?: string } }>(
      RULES_PATH,
      { schema: { querystring: querySchema, response: { 200: responseSchema } } },
      async (request): Promise<RulesResponse> => {
        const cwd = request.query.cwd === undefined ? defaultCwd : existingFolder('cwd', request.query.cwd);
        sleepBundle ??= readSleepBundle();
        try {
          return { files: ruleFilesFor(rules, cwd), sleepBundle };
        } catch (error) {
          if (error instanceof RulesUnusableError) throw conflict(error.message);
          throw error;
        }
      },
    );
  };

function ruleFilesFor(rules: RuleRegistry, cwd: string): RuleFileSummary[] {
  const loaded = rules.loadedFor(cwd);
  return loaded.parsed.map((parsed) => ({
    path: parsed.file,
    rules: parsed.rules.map(summariseRule),
    // The compiler's findings (a regex that does not compile) name their file too.
    diagnostics: loaded.diagnostics
      .filter((diagnostic) => diagnostic.file === parsed.file)
      .map(({ file: _file, ...diagnostic }) => diagnostic),
  }));
}

const summariseRule = (rule: RuleNode): RuleFileSummary['rules'][number] => ({
  id: rule.id,
  decision: rule.decision,
  target: rule.target,
  priority: rule.priority,
  severity: rule.severity,
  ...(rule.message === undefined ? {} : { message: rule.message }),
  enabled: rule.enabled,
});

function readSleepBundle(): SleepBundleRule[] {
  return parseRuleFile(join(bundledRulesDir(), 'sleep-at-night.rules')).rules.map((rule) => ({
    id: rule.id,
    category: rule.meta.category ?? '',
    decision: rule.decision,
    message: rule.message ?? '',
  }));
}
