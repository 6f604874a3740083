// How every hook entry point finds the rules for a call: those of the call's cwd (else the hook's own), through
// the prepared-rules cache in the home when it can be used, reporting rule-file diagnostics as stderr lines — and
// a line when the call's project has rules no person accepted, which therefore do not apply.
import { findAcceptedProjectRules, projectRulesKey } from '@ssg/node/rules/accepted-project-rules';
import { formatDiagnostic } from '@ssg/node/rules/format-diagnostic';
import { loadRuleFiles } from '@ssg/node/rules/load';
import { findProjectRulesDir, ruleFiles } from '@ssg/node/rules/sources';
import type { RulesForCall } from './evaluate-payload';
import { RulesCache } from '@ssg/node/rules/rules-cache';

export function hookRulesFor(home: string, stderr: string[]): RulesForCall {
  return ({ cwd = process.cwd(), capability }) => {
    const files = ruleFiles({ cwd, home });
    const cache = RulesCache.inHome(home);
    const loaded = cache ? cache.rulesFor(files, capability) : loadRuleFiles(files, home);
    for (const diagnostic of loaded.diagnostics) stderr.push(formatDiagnostic(diagnostic));
    const unaccepted = unacceptedProjectRules(cwd, home);
    if (unaccepted) {
      stderr.push(`ssg: the rules in ${unaccepted} do not apply until a person accepts them: run \`ssg trust\` there`);
    }
    return loaded.ruleset;
  };
}

/** The live `.ssg/rules` folder around `cwd` when no person accepted it (a few stats, no file contents). */
function unacceptedProjectRules(cwd: string, home: string): string | undefined {
  const live = findProjectRulesDir(cwd, home);
  if (!live) return undefined;
  return findAcceptedProjectRules(cwd, home)?.folder === projectRulesKey(live) ? undefined : live;
}
