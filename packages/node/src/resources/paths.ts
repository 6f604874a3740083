// Where the bundled resources (rule files, certification scenarios) live. The same code runs from
// TypeScript sources (tests), from the esbuild bundle in cli/dist, and inside the packaged desktop app,
// whose main process points SSG_RESOURCES at its extraResources folder.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARKER = join('rules', 'sleep-at-night.rules');

let cached: string | undefined;

/** Absolute path of the `resources/` folder; throws with a clear message when it cannot be found. */
export function resourcesDir(): string {
  if (cached) return cached;
  const fromEnv = process.env.SSG_RESOURCES;
  if (fromEnv) {
    cached = fromEnv;
    return cached;
  }
  // Walk up from this module: src/resources/ in the repo, or dist/ in the bundle.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'resources');
    if (existsSync(join(candidate, MARKER))) {
      cached = candidate;
      return cached;
    }
    dir = dirname(dir);
  }
  throw new Error('ssg: bundled resources not found; set SSG_RESOURCES to the folder that holds rules/');
}

export const bundledRulesDir = (): string => join(resourcesDir(), 'rules');
export const bundledScenariosDir = (): string => join(resourcesDir(), 'scenarios');

/** Each host with a plugin (`ssg plugins emit <host>`), and its file under resources/plugins/. */
export const PLUGIN_FILES: Readonly<Record<string, string>> = {
  opencode: join('opencode', 'ssg-governance.js'),
  'grok-bot': join('grok-bot', 'SKILL.md'),
};

export const pluginFilePath = (host: string): string => join(resourcesDir(), 'plugins', PLUGIN_FILES[host]!);
