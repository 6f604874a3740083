// A folder named in a dashboard request (`cwd`, `projectDir`): it must be an absolute path to an existing folder.
// The daemon's own working folder means nothing to the caller, so a relative path is refused, not resolved. (Its
// length is bounded by the route's schema, packages/contracts/src/schemas/dashboard.ts.)
import { statSync } from 'node:fs';
import { isAbsolute, normalize } from 'node:path';
import { badRequest } from '../server/http-error';

/** The folder, normalised; throws a 400 that says what is wrong with it. */
export function existingFolder(field: string, path: string): string {
  if (path.includes('\0')) throw badRequest(`${field} must not contain a NUL character`);
  if (!isAbsolute(path)) throw badRequest(`${field} must be an absolute path, got ${JSON.stringify(path)}`);
  const folder = normalize(path);
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw badRequest(`${field} ${JSON.stringify(folder)} is not an existing folder`);
  }
  return folder;
}
