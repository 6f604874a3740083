// What the installers of MCP-and-prompt hosts check for `ssg doctor`: that a file ssg wrote still holds ssg's
// entry. Each answers undefined when it does, else one line saying what is missing or why the file is unreadable.
import { existsSync, readFileSync } from 'node:fs';
import { ConfigFileError } from '../config-edit/config-file-error';
import { type JsonObject, parseJsonObject } from '../config-edit/json-config';

function readText(path: string): string | { problem: string } {
  if (!existsSync(path)) return { problem: `${path} does not exist` };
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return { problem: `${path}: ${(error as Error).message}` };
  }
}

export function jsonEntryProblem(
  path: string,
  hasEntry: (config: JsonObject) => boolean,
  entry: string,
): string | undefined {
  const text = readText(path);
  if (typeof text !== 'string') return text.problem;
  try {
    return hasEntry(parseJsonObject(path, text)) ? undefined : `${path} has no ${entry}`;
  } catch (error) {
    if (error instanceof ConfigFileError) return error.message;
    throw error;
  }
}

export function textEntryProblem(path: string, marker: string, entry: string): string | undefined {
  const text = readText(path);
  if (typeof text !== 'string') return text.problem;
  return text.includes(marker) ? undefined : `${path} has no ${entry}`;
}
