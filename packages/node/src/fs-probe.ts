// Questions about a path that must never throw: a folder that vanished or cannot be read is simply not there.
import { realpathSync, statSync } from 'node:fs';

export function isDirectory(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

/** The path with every link resolved, or the path itself when it cannot be resolved (it does not exist). */
export function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
