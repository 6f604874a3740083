// Sleep at Night's layers as files in the ssg home, so a hook evaluating in-process while the daemon is down sees
// exactly what the daemon sees:
//   rules           the bundled sleep-at-night.rules, byte for byte, as <home>/rules/ssg-sleep-at-night.rules
//   selfProtection  the bundled self-preservation.rules as <home>/rules/ssg-self-preservation.rules (never removed
//                   here: once the guard has been armed, switching it off must not also unguard ssg itself)
//   failClosed      the sentinel <home>/fail-closed, which the hooks honour
//   watch           the daemon's rule watcher, through a callback
// <home>/rules/ is also the user's own rules folder: only these two file names are ever written or removed.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SleepLayers as SleepLayersReport } from '@ssg/contracts/sleep-mode';
import { parseRules } from '@ssg/engine';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import { failClosedSentinel } from '@ssg/node/fail-closed';

export interface SleepLayerFiles {
  /** The folder holding the bundled sleep-at-night.rules and self-preservation.rules. */
  bundledRulesDir: string;
  /** The ssg home. */
  home: string;
}

// Agents may read this file (the state files are not secret), so it says what it does, not how to undo it.
const SENTINEL_TEXT =
  'Sleep at Night is on: while this file exists, ssg hooks block tool calls they cannot have evaluated by the ' +
  'daemon. The person who armed it turns it off.\n';

export class SleepLayers {
  readonly rulesFile: string;
  readonly selfProtectionFile: string;
  readonly sentinelFile: string;
  private readonly sleepRules: Buffer;
  private readonly selfPreservationRules: Buffer;
  /** How many rules the sleep bundle holds (the spec's 10), counted from the file itself. */
  private readonly ruleCount: number;
  private watching = false;

  constructor(
    files: SleepLayerFiles,
    private readonly setRuleWatching: (on: boolean) => void,
  ) {
    this.rulesFile = join(files.home, 'rules', 'ssg-sleep-at-night.rules');
    this.selfProtectionFile = join(files.home, 'rules', 'ssg-self-preservation.rules');
    this.sentinelFile = failClosedSentinel(files.home);
    // Read once: the daemon copies the bundle it started with, even if an update replaces it meanwhile.
    const sleepSource = join(files.bundledRulesDir, 'sleep-at-night.rules');
    this.sleepRules = readFileSync(sleepSource);
    this.selfPreservationRules = readFileSync(join(files.bundledRulesDir, 'self-preservation.rules'));
    this.ruleCount = parseRules(this.sleepRules.toString('utf8'), sleepSource).rules.length;
  }

  /** Writes (or repairs) every layer; a file that is already right is not rewritten. */
  arm(): void {
    ensureContent(this.selfProtectionFile, this.selfPreservationRules);
    ensureContent(this.rulesFile, this.sleepRules);
    ensureContent(this.sentinelFile, Buffer.from(SENTINEL_TEXT));
    this.setWatching(true);
  }

  /** Removes the sleep rules and the sentinel and stops watching; self-protection stays. */
  tearDown(): void {
    rmSync(this.sentinelFile, { force: true });
    rmSync(this.rulesFile, { force: true });
    this.setWatching(false);
  }

  /** What is in place right now: the files as they are on disk, not as they should be. */
  report(): SleepLayersReport {
    return {
      rules: { active: isFile(this.rulesFile), rules: this.ruleCount, file: this.rulesFile },
      selfProtection: { active: isFile(this.selfProtectionFile), file: this.selfProtectionFile },
      failClosed: { active: isFile(this.sentinelFile), file: this.sentinelFile },
      watch: { active: this.watching },
      instructionFiles: 0,
      memory: false,
    };
  }

  private setWatching(on: boolean): void {
    if (this.watching === on) return;
    this.setRuleWatching(on);
    this.watching = on;
  }
}

function ensureContent(path: string, content: Buffer): void {
  if (readOrUndefined(path)?.equals(content)) return;
  writeFileAtomic(path, content, { mode: 0o644 });
}

function readOrUndefined(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}
