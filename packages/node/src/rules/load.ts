// Loads the rules that apply to a tool call: finds the files (sources.ts), parses each one, compiles them into
// one rule set. A parse error in one file is a diagnostic, never a reason to drop the other files or rules.
import { readFileSync } from 'node:fs';
import { type CompiledRuleSet, compileRules, type Diagnostic, type ParsedFile, parseRules } from '@ssg/engine/node';
import { isAcceptedProjectFile } from './accepted-project-rules';
import { RulesUnusableError } from './rules-unusable';
import { describeFsError, type RuleSourceOptions, ruleFiles } from './sources';

export interface LoadedRules {
  files: string[];
  parsed: ParsedFile[];
  ruleset: CompiledRuleSet;
  /** Parse diagnostics of every file, then the compiler's (e.g. a regex that does not compile). */
  diagnostics: Diagnostic[];
}

export function loadRules(options: RuleSourceOptions): LoadedRules {
  return loadRuleFiles(ruleFiles(options), options.home);
}

/**
 * Parses and compiles the given rule files, in this order. Files of the accepted project copies in `home` (the
 * ssg home, when given) form the layer that can only tighten (ParsedFile.project).
 */
export function loadRuleFiles(files: string[], home?: string): LoadedRules {
  const parsed = files.map((file) => parseRuleFile(file, home !== undefined && isAcceptedProjectFile(home, file)));
  const ruleset = compileRules(parsed);
  return {
    files,
    parsed,
    ruleset,
    diagnostics: [...parsed.flatMap((file) => file.diagnostics), ...ruleset.diagnostics],
  };
}

export function parseRuleFile(path: string, project = false): ParsedFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new RulesUnusableError(`rule file ${path} ${describeFsError(error)}`);
  }
  const parsed = parseRules(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, path);
  return project ? { ...parsed, project } : parsed;
}
