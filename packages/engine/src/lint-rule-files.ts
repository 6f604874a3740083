// The rule-file half of `ssg check`: every problem the parser, the linter and the compiler find in a set of
// parsed rule files, one per position. Shared by `ssg check`, the MCP tools `ssg_check` and `ssg_validate_rules`,
// and the fleet's hosted MCP.
import { compileRules } from './compiler';
import { lintRules } from './lint';
import type { Diagnostic, ParsedFile } from './types';

export function lintRuleFiles(files: ParsedFile[]): Diagnostic[] {
  return sortedUnique([
    ...files.flatMap((file) => file.diagnostics),
    ...lintRules(files),
    ...compileRules(files).diagnostics,
  ]);
}

/** Diagnostics by file and position; the linter and the compiler may both report the same problem. */
function sortedUnique(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics
    .filter((d) => {
      const key = `${d.file}\0${d.line}\0${d.column}\0${d.code}\0${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
}
