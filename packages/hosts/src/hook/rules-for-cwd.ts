// How every hook entry point finds the rules for a call: those of the call's cwd (else the hook's own), through
// the prepared-rules cache in the home when it can be used, reporting rule-file diagnostics as stderr lines.
import { formatDiagnostic } from '@ssg/node/rules/format-diagnostic';
import { loadRuleFiles } from '@ssg/node/rules/load';
import { ruleFiles } from '@ssg/node/rules/sources';
import type { RulesForCall } from './evaluate-payload';
import { RulesCache } from '@ssg/node/rules/rules-cache';

export function hookRulesFor(home: string, stderr: string[]): RulesForCall {
  return ({ cwd, capability }) => {
    const files = ruleFiles({ cwd: cwd ?? process.cwd(), home });
    const cache = RulesCache.inHome(home);
    const loaded = cache ? cache.rulesFor(files, capability) : loadRuleFiles(files);
    for (const diagnostic of loaded.diagnostics) stderr.push(formatDiagnostic(diagnostic));
    return loaded.ruleset;
  };
}
