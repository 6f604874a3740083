// The daemon's compiled rules. A call's rule files are found as the CLI finds them (its project's
// `.ssg/rules/`, then `<home>/rules/`, where Sleep at Night's layers also put their files), and each set of files
// is compiled once and kept until one of its files changes.
//
// Finding and stat-ing a call's files costs a dozen system calls, too much for every call at thousands a second,
// so the answer for a working folder is reused for up to RECHECK_MS. Folders holding rule files are watched, and
// any change there drops every reused answer at once; the recheck interval only bounds what watching can miss
// (a `.ssg/rules` folder newly created in some ancestor, a file system without change events). So an edited, added
// or removed rule applies to the next calls without a restart — at once where watching works, within a second
// everywhere. While Sleep at Night's watch layer is on, a change also recompiles the affected sets right away (the
// next call pays nothing) and tells the dashboard, diagnostics included.
import { type FSWatcher, statSync, watch } from 'node:fs';
import { dirname } from 'node:path';
import type { CompiledRuleSet, Diagnostic, ToolCall } from '@ssg/engine';
import { type LoadedRules, loadRuleFiles } from '@ssg/node/rules/load';
import { defaultRuleDirs, ruleFiles } from '@ssg/node/rules/sources';
import type { DaemonEvents } from '../events';
import type { RuleSource } from '../evaluation/ports';

/** Longest time a working folder's rule files are reused without looking at the disk. */
export const RECHECK_MS = 1000;
/** Distinct sets of rule files kept compiled (one per project with its own rules, plus the user's alone). */
const MAX_SETS = 64;
/** Working folders whose rule files are remembered. */
const MAX_FOLDERS = 1024;

interface CompiledSet {
  /** path, mtime, size and inode of every file, in order: the set is stale when this changes. */
  stamp: string;
  loaded: LoadedRules;
}

interface FolderAnswer {
  key: string;
  checkedAt: number;
  /** The registry's generation when checked: a change in a watched folder makes the answer stale. */
  generation: number;
}

export interface RuleSetSummary {
  files: string[];
  rules: number;
  diagnostics: Diagnostic[];
}

export class RuleRegistry implements RuleSource {
  private readonly sets = new Map<string, CompiledSet>();
  private readonly folders = new Map<string, FolderAnswer>();
  private readonly watchers = new Map<string, FSWatcher>();
  private generation = 0;
  private eager = false;

  constructor(
    private readonly home: string,
    private readonly events: DaemonEvents,
    private readonly now: () => number = () => performance.now(),
  ) {
    for (const dir of defaultRuleDirs('/', home)) this.watchDir(dir);
  }

  rulesFor(call: ToolCall): CompiledRuleSet {
    return this.compiled(call.cwd ?? '/').loaded.ruleset;
  }

  /** The rules a call in `cwd` meets, with their files' diagnostics (for the dashboard's Rules page). */
  loadedFor(cwd: string): LoadedRules {
    return this.compiled(cwd).loaded;
  }

  /**
   * Sleep at Night's watch layer: recompile and announce changed rules as soon as they change. Sleep at Night calls
   * this as it arms or tears down its layers, which add or remove rule files, so what was reused is dropped now —
   * the next call must see the night rules even where no folder watch has reported them yet.
   */
  setWatching(on: boolean): void {
    this.eager = on;
    this.generation++;
  }

  get isWatching(): boolean {
    return this.eager;
  }

  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  private compiled(cwd: string): CompiledSet {
    const now = this.now();
    const answer = this.folders.get(cwd);
    if (answer && answer.generation === this.generation && now - answer.checkedAt < RECHECK_MS) {
      const set = this.sets.get(answer.key);
      if (set) return set;
    }
    const generation = this.generation;
    const files = ruleFiles({ cwd, home: this.home });
    const key = files.join('\0');
    const stamp = stampOf(files);
    let set = this.sets.get(key);
    if (!set || set.stamp !== stamp) {
      const replaced = set !== undefined;
      set = { stamp, loaded: loadRuleFiles(files, this.home) };
      remember(this.sets, key, set, MAX_SETS);
      if (replaced) this.announce(set.loaded);
      for (const file of files) this.watchDir(dirname(file));
    }
    remember(this.folders, cwd, { key, checkedAt: now, generation }, MAX_FOLDERS);
    return set;
  }

  private watchDir(dir: string): void {
    if (this.watchers.has(dir)) return;
    try {
      const watcher = watch(dir, { persistent: false }, () => this.changedIn(dir));
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(dir);
        this.generation++;
      });
      this.watchers.set(dir, watcher);
    } catch {
      // A folder that vanished: the recheck finds its files again.
    }
  }

  private changedIn(dir: string): void {
    this.generation++;
    if (this.eager) this.recompileSetsIn(dir);
  }

  /** Recompiles, now rather than at the next call, every set with a file in `dir`. */
  private recompileSetsIn(dir: string): void {
    for (const [key, set] of this.sets) {
      if (!set.loaded.files.some((file) => dirname(file) === dir)) continue;
      try {
        const files = key === '' ? [] : key.split('\0');
        const stamp = stampOf(files);
        if (stamp === set.stamp) continue;
        const loaded = loadRuleFiles(files, this.home);
        this.sets.set(key, { stamp, loaded });
        this.announce(loaded);
      } catch {
        // Removed, or unreadable right now (an editor mid-save): the next call finds its files afresh.
        this.sets.delete(key);
      }
    }
  }

  private announce(loaded: LoadedRules): void {
    const summary: RuleSetSummary = {
      files: loaded.files,
      rules: loaded.parsed.reduce((count, file) => count + file.rules.length, 0),
      diagnostics: loaded.diagnostics,
    };
    this.events.emit('rules', summary);
  }
}

/** Sets `key` as the newest entry, dropping the oldest when the map is full. */
function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

function stampOf(files: readonly string[]): string {
  return files
    .map((file) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat ? `${file}:${stat.mtimeMs}:${stat.size}:${stat.ino}` : `${file}:gone`;
    })
    .join('\n');
}
