// Whether a host could start `ssg`: the hooks and MCP entries ssg installs name the bare command, so a host
// finds it only through PATH.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export function commandOnPath(command: string, path: string = process.env.PATH ?? ''): boolean {
  const extensions = process.platform === 'win32' ? ['.cmd', '.exe', ''] : [''];
  return path
    .split(delimiter)
    .filter((dir) => dir !== '')
    .some((dir) =>
      extensions.some((extension) => {
        const file = join(dir, command + extension);
        try {
          accessSync(file, constants.X_OK);
          return statSync(file).isFile();
        } catch {
          return false;
        }
      }),
    );
}
