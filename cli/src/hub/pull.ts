// `ssg hub pull`: manifest → pinned-key check → ruleset entry → tier → download → verification → atomic
// install. Every check runs before anything is written, so a refused pull leaves the rules folder untouched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import { fetchText } from './fetch-text';
import { hubError } from './hub-error';
import { rulesUrl } from './hub-url';
import type { HubRuleset } from './manifest';
import type { PinnedKey } from './pinned-key';
import { fetchTrustedManifest, short } from './trusted-manifest';
import { verifyRuleset } from './verify-ruleset';

/** The only tier that needs no license. Licenses arrive later; until then every other tier is refused. */
export const FREE_TIER = 'free';

export interface PullOptions {
  rulesetId: string;
  hub: URL;
  pinned: PinnedKey;
  /** The folder the ruleset goes into as `<id>.rules` (`<rules>/hub`). */
  installDir: string;
  dryRun: boolean;
  progress: (line: string) => void;
}

export interface PullResult {
  ruleset: HubRuleset;
  path: string;
  outcome: 'written' | 'unchanged' | 'dry-run';
}

export async function pullRuleset(options: PullOptions): Promise<PullResult> {
  const { hub, pinned, progress } = options;
  const manifest = await fetchTrustedManifest(hub, pinned, progress);
  const ruleset = manifest.rulesets.find((entry) => entry.id === options.rulesetId);
  if (!ruleset) {
    const known = manifest.rulesets.map((entry) => entry.id).join(', ') || 'none';
    throw hubError(
      `the hub has no ruleset '${options.rulesetId}' (it has: ${known})`,
      'run `ssg hub list` to see what it offers',
    );
  }
  if (ruleset.required_tier !== FREE_TIER)
    throw hubError(
      `ruleset ${ruleset.id} requires the '${ruleset.required_tier}' tier, and this version of ssg cannot check licenses yet`,
      `only '${FREE_TIER}' rulesets can be pulled for now`,
    );

  const url = rulesUrl(hub, ruleset.rules_path, ruleset.id);
  progress(`${ruleset.id}: downloading ${url.href}`);
  const text = await fetchText(url, `ruleset ${ruleset.id}`);
  const verified = verifyRuleset(text, ruleset, pinned);
  progress(`${ruleset.id}: ${verified.ruleCount} rules, content hash ${short(verified.contentHash)}… verified`);
  progress(`${ruleset.id}: ed25519 signature verified against the pinned key`);

  const path = join(options.installDir, `${ruleset.id}.rules`);
  if (options.dryRun) return { ruleset, path, outcome: 'dry-run' };
  if (readIfPresent(path) === text) return { ruleset, path, outcome: 'unchanged' };
  writeFileAtomic(path, text);
  return { ruleset, path, outcome: 'written' };
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
