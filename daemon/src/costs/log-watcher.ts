// Tells cost ingestion early that a log changed, so a running session's spend reaches the ledger within a moment
// instead of at the next poll. Only a hint: the poll finds everything anyway, so a watch that cannot be set up
// or fails later is simply dropped. macOS and Windows watch a whole tree natively; Node's recursive watch on
// Linux adds an inotify watch per file and folder (tens of thousands for a long Claude Code history), so there
// we watch the roots themselves plus the few folders whose logs grew lately (the sessions that are running).
import { type FSWatcher, watch } from 'node:fs';

/** Folders with recently grown logs watched at once on Linux; the oldest is let go beyond this. */
const MAX_ACTIVE_DIRS = 64;
const NATIVE_RECURSIVE = process.platform === 'darwin' || process.platform === 'win32';

export class LogWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  /** Linux: watched folders of grown logs, least recently grown first. */
  private readonly active: string[] = [];
  private closed = false;

  constructor(private readonly onChange: () => void) {}

  /** Watches the roots that exist and are not watched yet (a root created later is picked up on the next call). */
  watchRoots(roots: readonly string[]): void {
    for (const root of roots) this.add(root, NATIVE_RECURSIVE);
  }

  /** Linux: the folders whose logs just grew. Elsewhere the recursive root watch already covers them. */
  watchActive(dirs: Iterable<string>): void {
    if (NATIVE_RECURSIVE) return;
    for (const dir of dirs) {
      const known = this.active.indexOf(dir);
      if (known !== -1) this.active.splice(known, 1);
      this.active.push(dir);
      this.add(dir, false);
    }
    while (this.active.length > MAX_ACTIVE_DIRS) this.remove(this.active.shift()!);
  }

  close(): void {
    this.closed = true;
    for (const dir of [...this.watchers.keys()]) this.remove(dir);
  }

  private add(dir: string, recursive: boolean): void {
    if (this.closed || this.watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { recursive, persistent: false }, () => this.onChange());
    } catch {
      return; // missing folder, no permission, no watch support: the poll covers it
    }
    watcher.on('error', () => this.remove(dir));
    this.watchers.set(dir, watcher);
  }

  private remove(dir: string): void {
    this.watchers.get(dir)?.close();
    this.watchers.delete(dir);
  }
}
