// The user's ssg folder: `SSG_HOME` when set (every test sets it), else `~/.ssg`.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function ssgHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.SSG_HOME;
  return fromEnv ? resolve(fromEnv) : join(homedir(), '.ssg');
}
