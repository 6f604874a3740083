// Loads the rules that apply to a tool call: finds the files (sources.ts), parses each one, compiles them into
// one rule set. A parse error in one file is a diagnostic, never a reason to drop the other files or rules.
import { readFileSync } from 'node:fs';
import { type CompiledRuleSet, compileRules, type Diagnostic, type ParsedFile, parseRules } from '@ssg/engine/node';
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
  return loadRuleFiles(ruleFiles(options));
}

/** Parses and compiles the given rule files, in this order. */
export function loadRuleFiles(files: string[]): LoadedRules {
  const parsed = files.map(parseRuleFile);
  const ruleset = compileRules(parsed);
  return {
    files,
    parsed,
    ruleset,
    diagnostics: [...parsed.flatMap((file) => file.diagnostics), ...ruleset.diagnostics],
  };
}

export function parseRuleFile(path: string): ParsedFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new RulesUnusableError(`rule file ${path} ${describeFsError(error)}`);
  }
  return parseRules(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, path);
}
