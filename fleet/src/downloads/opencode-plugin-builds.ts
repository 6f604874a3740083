// The opencode plugin's builds as the fleet serves them (spec, Versioning: published as `latest` and as versioned
// builds, `latest.json` naming the current version). The downloads folder holds them as files:
//
//   <downloads>/plugins/opencode/<version>/ssg-governance.js   one folder per version, never rewritten
//   <downloads>/plugins/opencode/latest.json                   {version, path, sha256, published_at}
//
// `latest` is not a copy or a link: it is whatever latest.json names, so switching it is one atomic file write,
// and a reader never sees a latest.json that names a build not yet written (the build is written first).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@ssg/node/atomic-write';

export const PLUGIN_FILE = 'ssg-governance.js';
export const OPENCODE_PLUGIN_PATH = '/plugins/opencode';

/** semver.org's own pattern: no "/", no "..", nothing a path could be made of but a version. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export interface LatestPlugin {
  version: string;
  /** The versioned build's path on this server. */
  path: string;
  /** SHA-256 of the build, lowercase hex: lets a fleet tool check what it downloaded. */
  sha256: string;
  published_at: string;
}

export class PluginPublishError extends Error {
  override readonly name = 'PluginPublishError';
}

export const isPluginVersion = (version: string): boolean => version.length <= 128 && SEMVER.test(version);

/** `SSG_FLEET_DOWNLOADS_DIR`, else `<data dir>/downloads`. */
export const downloadsDirFrom = (env: NodeJS.ProcessEnv, dataDir: string): string =>
  env.SSG_FLEET_DOWNLOADS_DIR || join(dataDir, 'downloads');

const opencodeDir = (downloadsDir: string) => join(downloadsDir, 'plugins', 'opencode');

/** The build's file; `version` must have passed isPluginVersion (which is what keeps it inside the folder). */
export function pluginBuildFile(downloadsDir: string, version: string): string {
  if (!isPluginVersion(version)) throw new PluginPublishError(`'${version}' is not a version (semver x.y.z)`);
  return join(opencodeDir(downloadsDir), version, PLUGIN_FILE);
}

export const latestFile = (downloadsDir: string): string => join(opencodeDir(downloadsDir), 'latest.json');

/** What latest.json says, or undefined when nothing was published yet. */
export function readLatest(downloadsDir: string): LatestPlugin | undefined {
  let text: string;
  try {
    text = readFileSync(latestFile(downloadsDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const latest = JSON.parse(text) as Partial<LatestPlugin>;
  if (typeof latest.version !== 'string' || !isPluginVersion(latest.version)) {
    throw new Error(`${latestFile(downloadsDir)} names no valid version; publish a build again to rewrite it`);
  }
  return latest as LatestPlugin;
}

export interface PublishedPlugin {
  version: string;
  file: string;
  /** Whether this build is now `latest` (a prerelease or an older version leaves latest where it was). */
  latest: boolean;
}

/**
 * Writes a build of the plugin as `version` and, when it is a release newer than the current latest, makes it
 * latest. A version is immutable once published: publishing the same bytes again changes nothing, other bytes
 * under the same version are refused (clients cache versioned builds forever).
 */
export function publishOpencodePlugin(
  downloadsDir: string,
  { version, content, now = Date.now }: { version: string; content: Uint8Array | string; now?: () => number },
): PublishedPlugin {
  const file = pluginBuildFile(downloadsDir, version);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  if (bytes.length === 0) throw new PluginPublishError('the plugin build is empty');
  const existing = readIfPresent(file);
  if (existing && !existing.equals(bytes)) {
    throw new PluginPublishError(
      `version ${version} is already published with other content; published builds never change: publish a new version`,
    );
  }
  if (!existing) writeFileAtomic(file, bytes);
  const current = readLatest(downloadsDir);
  const becomesLatest = isRelease(version) && (current === undefined || newerRelease(version, current.version));
  if (becomesLatest) {
    const latest: LatestPlugin = {
      version,
      path: `${OPENCODE_PLUGIN_PATH}/${version}/${PLUGIN_FILE}`,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      published_at: new Date(now()).toISOString(),
    };
    writeFileAtomic(latestFile(downloadsDir), `${JSON.stringify(latest, null, 2)}\n`);
  }
  return { version, file, latest: becomesLatest || current?.version === version };
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A plain x.y.z: prereleases and builds with metadata are published but never become latest on their own. */
const isRelease = (version: string): boolean => /^\d+\.\d+\.\d+$/.test(version);

function newerRelease(candidate: string, current: string): boolean {
  const a = candidate.split('.').map(Number);
  const b = current.split(/[-+]/)[0]!.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i]! > b[i]!;
  // Same x.y.z: a release outranks the prerelease it follows.
  return current !== candidate && /[-+]/.test(current);
}
