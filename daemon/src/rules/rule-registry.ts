// The daemon's compiled rules. A call's rule files are found as the CLI finds them (its project's
// `.ssg/rules/`, then `<home>/rules/`, where Sleep at Night's layers also put their files), and each set of files
// is compiled once and kept until one of its files changes — checked by stat on every call, so an edited, added
// or removed rule applies to the very next call without a restart. While the watch layer is on, file-system
// events recompile a changed set at once (the next call pays nothing) and tell the dashboard.
import { type FSWatcher, statSync, watch } from 'node:fs';
import { dirname } from 'node:path';
import type { CompiledRuleSet } from 'ssg/src/engine';
import type { Diagnostic, ToolCall } from 'ssg/src/engine/types';
import { type LoadedRules, loadRuleFiles } from 'ssg/src/rules/load';
import { defaultRuleDirs, ruleFiles } from 'ssg/src/rules/sources';
import type { DaemonEvents } from '../events';
import type { RuleSource } from '../evaluation/ports';

/** Distinct sets of rule files kept compiled (one per project with its own rules, plus the user's alone). */
const MAX_SETS = 64;

interface CompiledSet {
  /** path, mtime, size and inode of every file, in order: the set is stale when this changes. */
  stamp: string;
  loaded: LoadedRules;
}

export interface RuleSetSummary {
  files: string[];
  rules: number;
  diagnostics: Diagnostic[];
}

export class RuleRegistry implements RuleSource {
  private readonly sets = new Map<string, CompiledSet>();
  private readonly watchers = new Map<string, FSWatcher>();
  private watching = false;

  constructor(
    private readonly home: string,
    private readonly events: DaemonEvents,
  ) {}

  rulesFor(call: ToolCall): CompiledRuleSet {
    return this.compiled(call.cwd ?? '/').loaded.ruleset;
  }

  /** The rules a call in `cwd` meets, with their files' diagnostics (for the dashboard's Rules page). */
  loadedFor(cwd: string): LoadedRules {
    return this.compiled(cwd).loaded;
  }

  /** Sleep at Night's watch layer. */
  setWatching(on: boolean): void {
    this.watching = on;
    if (!on) {
      for (const watcher of this.watchers.values()) watcher.close();
      this.watchers.clear();
      return;
    }
    for (const dir of defaultRuleDirs('/', this.home)) this.watchDir(dir);
    for (const { loaded } of this.sets.values()) for (const file of loaded.files) this.watchDir(dirname(file));
  }

  get isWatching(): boolean {
    return this.watching;
  }

  close(): void {
    this.setWatching(false);
  }

  private compiled(cwd: string): CompiledSet {
    const files = ruleFiles({ cwd, home: this.home });
    const key = files.join('\0');
    const stamp = stampOf(files);
    const cached = this.sets.get(key);
    if (cached && cached.stamp === stamp) return cached;
    const compiled = { stamp, loaded: loadRuleFiles(files) };
    this.sets.delete(key);
    if (this.sets.size >= MAX_SETS) this.sets.delete(this.sets.keys().next().value!);
    this.sets.set(key, compiled);
    if (cached) this.announce(compiled.loaded);
    if (this.watching) for (const file of files) this.watchDir(dirname(file));
    return compiled;
  }

  private watchDir(dir: string): void {
    if (this.watchers.has(dir)) return;
    try {
      const watcher = watch(dir, { persistent: false }, () => this.refreshSetsIn(dir));
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(dir);
      });
      this.watchers.set(dir, watcher);
    } catch {
      // A folder that vanished is seen again by the stat check on the next call.
    }
  }

  /** Recompiles, now rather than at the next call, every set with a file in `dir`. */
  private refreshSetsIn(dir: string): void {
    for (const [key, set] of this.sets) {
      if (!set.loaded.files.some((file) => dirname(file) === dir)) continue;
      try {
        const files = key === '' ? [] : key.split('\0');
        const stamp = stampOf(files);
        if (stamp === set.stamp) continue;
        const loaded = loadRuleFiles(files);
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

function stampOf(files: readonly string[]): string {
  return files
    .map((file) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat ? `${file}:${stat.mtimeMs}:${stat.size}:${stat.ino}` : `${file}:gone`;
    })
    .join('\n');
}
