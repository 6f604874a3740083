// GET /api/json/rules: the dashboard's Rules page. The rules a call in `cwd` meets, file by file, with each file's
// parse and lint findings, as the daemon's RuleRegistry has them compiled; whether the project's own rules are
// accepted (only an accepted copy applies, see project-trust.ts); and the 10 rules of the Sleep at Night
// bundle with their security categories, read once from the bundled resources.
import { join, relative } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { RULES_PATH, type RuleFileSummary, type SleepBundleRule } from '@ssg/contracts/dashboard';
import type { RuleNode } from '@ssg/engine';
import { parseRuleFile } from '@ssg/node/rules/load';
import { findAcceptedProjectRules } from '@ssg/node/rules/accepted-project-rules';
import { projectRulesState } from '@ssg/node/rules/project-trust';
import { RulesUnusableError } from '@ssg/node/rules/rules-unusable';
import { bundledRulesDir } from '@ssg/node/resources';
import type { RuleRegistry } from '../rules/rule-registry';
import { conflict } from '../server/http-error';
import { existingFolder } from './absolute-folder';

export interface RulesRouteOptions {
  rules: RuleRegistry;
  /** The ssg home, where the accepted copies of project rules are kept. */
  home: string;
  /** The folder asked about when the request names none: the user's home. */
  defaultCwd: string;
}

export const rulesRoutes =
  ({ rules, home, defaultCwd }: RulesRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    let sleepBundle: SleepBundleRule[] | undefined;

    app.get(RULES_PATH, { schema: DAEMON_ROUTES['GET /api/json/rules'].schema }, async (request) => {
      const cwd = request.query.cwd === undefined ? defaultCwd : existingFolder('cwd', request.query.cwd);
      sleepBundle ??= readSleepBundle();
      try {
        const project = projectRulesState(cwd, home);
        const projectRules = project.state === 'none' ? project : { state: project.state, folder: project.folder };
        return { files: ruleFilesFor(rules, cwd, home), projectRules, sleepBundle };
      } catch (error) {
        if (error instanceof RulesUnusableError) throw conflict(error.message);
        throw error;
      }
    });
  };

function ruleFilesFor(rules: RuleRegistry, cwd: string, home: string): RuleFileSummary[] {
  const loaded = rules.loadedFor(cwd);
  const accepted = findAcceptedProjectRules(cwd, home);
  return loaded.parsed.map((parsed) => ({
    path: parsed.file,
    ...(parsed.project && accepted
      ? { acceptedFrom: join(accepted.folder, relative(accepted.rulesDir, parsed.file)) }
      : {}),
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
