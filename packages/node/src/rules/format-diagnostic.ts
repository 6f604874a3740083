// One diagnostic per line, in the `path:line:col: severity: message [code]` form editors and aider parse.
import { isAbsolute, relative } from 'node:path';
import type { Diagnostic } from '@ssg/engine';

export function formatDiagnostic(diagnostic: Diagnostic, relativeTo?: string): string {
  const { line, column, severity, message, code } = diagnostic;
  return `${displayPath(diagnostic.file, relativeTo)}:${line}:${column}: ${severity}: ${message} [${code}]`;
}

/** A path relative to `base` when it lies under it (shorter, clickable), else as it is. */
export function displayPath(path: string, base?: string): string {
  if (base === undefined || !isAbsolute(path)) return path;
  const rel = relative(base, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
