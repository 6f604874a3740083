// Where the dashboard's built files (renderer/dist, Vite's output) are: SSG_RENDERER_DIR when set (the packaged
// desktop app points it at its resources), else found by walking up from this module, which works from the
// TypeScript sources and from the esbuild bundle in cli/dist alike.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RELATIVE = join('renderer', 'dist');

/** The folder to serve; it may not exist (the renderer not built yet), which the static route reports. */
export function defaultRendererDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SSG_RENDERER_DIR) return resolve(env.SSG_RENDERER_DIR);
  const start = dirname(fileURLToPath(import.meta.url));
  let dir = start;
  for (let i = 0; i < 6; i++) {
    // The repo's root holds renderer/ (built or not): stop there rather than climb out of the checkout.
    if (existsSync(join(dir, 'renderer', 'package.json')) || existsSync(join(dir, RELATIVE)))
      return join(dir, RELATIVE);
    dir = dirname(dir);
  }
  return join(start, RELATIVE);
}
