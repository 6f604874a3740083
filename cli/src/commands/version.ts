// `ssg --version`: the version of the npm package this code ships in (SSG_NPM_PACKAGE; its command is `ssg`).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SSG_NPM_PACKAGE } from '@ssg/node/npm-package';

/** Found by walking up from this module: it runs from src/ in the repo and from dist/ in the bundle. */
export function cliVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === SSG_NPM_PACKAGE && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // No (readable) package.json here; keep walking up.
    }
    dir = dirname(dir);
  }
  return 'unknown';
}
