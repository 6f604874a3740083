// Finding a program the way a shell does: the first executable file of that name on PATH.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

export const commandOnPath = (command: string, path: string = process.env.PATH ?? ''): boolean =>
  findOnPath(command, path) !== undefined;

/** The first executable file named `command` on `path` (absolute folders only: a relative one depends on the cwd). */
export function findOnPath(command: string, path: string): string | undefined {
  const extensions = process.platform === 'win32' ? ['.cmd', '.exe', ''] : [''];
  for (const dir of path.split(delimiter)) {
    if (dir === '' || !isAbsolute(dir)) continue;
    for (const extension of extensions) {
      const file = join(dir, command + extension);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
