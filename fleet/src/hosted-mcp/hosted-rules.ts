// The rules a hosted MCP caller is governed by: ssg's default rules (resources/rules/default.rules, the starter
// rules `ssg init` installs), then the organization's published rules when it has some — the same engine, the
// same order of files as the local server with those two files in its rule folder, so the same call gets the same
// answer. The files are named `default.rules` and `<org_id>.rules` in answers: no server path is shown.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CompiledRuleSet, compileRules, type Diagnostic, type ParsedFile, parseRules } from '@ssg/engine/node';
import { bundledRulesDir } from '@ssg/node/resources';
import type { OrgRules } from '../store/org-rules';

export const DEFAULT_RULES_FILE = 'default.rules';

export interface HostedRules {
  /** The organization, or null for ssg's default rules alone. */
  orgId: string | null;
  parsed: ParsedFile[];
  ruleset: CompiledRuleSet;
  /** Parse diagnostics of every file, then the compiler's. */
  diagnostics: Diagnostic[];
}

/** Bundled with the server and never changed while it runs: parsed once. */
let defaultRules: ParsedFile | undefined;

function parsedDefaultRules(): ParsedFile {
  defaultRules ??= parseRules(readFileSync(join(bundledRulesDir(), DEFAULT_RULES_FILE), 'utf8'), DEFAULT_RULES_FILE);
  return defaultRules;
}

export async function hostedRules(orgRules: Pick<OrgRules, 'get'>, orgId: string | null): Promise<HostedRules> {
  const published = orgId === null ? undefined : await orgRules.get(orgId);
  const parsed = [parsedDefaultRules()];
  if (published) parsed.push(parseRules(published.rulesText.replace(/^\uFEFF/, ''), `${published.orgId}.rules`));
  const ruleset = compileRules(parsed);
  return {
    orgId,
    parsed,
    ruleset,
    diagnostics: [...parsed.flatMap((file) => file.diagnostics), ...ruleset.diagnostics],
  };
}
