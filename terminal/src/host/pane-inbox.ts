// The reports Claude Code sends from inside a pane: its status line and hook commands run
// reporter/claude-reporter.cjs, which drops what they were piped as one file each into the pane's inbox folder.
// The host reads them in order and deletes them. fs.watch wakes it at once; a slow poll covers file systems where
// watching is unreliable. Only the same user can write there, which an agent in a pane is: a forged report can at
// worst move a conversation to another of the user's own accounts, never lower protection.
import { type FSWatcher, mkdirSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type ReportKind = 'status-line' | 'hook';

export interface PaneReport {
  kind: ReportKind;
  /** What Claude Code piped to the command (JSON, unparsed). */
  text: string;
}

/** The reporter script, run by Claude Code with the pane's `--settings`. */
// Beside this module, in the sources and beside the bundles (cli/build.mjs copies it).
export const REPORTER_SCRIPT = fileURLToPath(new URL('./claude-reporter.cjs', import.meta.url));

const POLL_MS = 2_000;
const MAX_REPORT_BYTES = 1024 * 1024;
const REPORT_NAME = /^\d+-\d+-(status-line|hook)\.json$/;

export const paneInboxPath = (ssgHome: string, paneId: string): string =>
  join(ssgHome, 'terminal', 'panes', paneId, 'inbox');

export class PaneInbox {
  private watcher: FSWatcher | undefined;
  private readonly poll: NodeJS.Timeout;
  private closed = false;

  constructor(
    readonly path: string,
    private readonly onReport: (report: PaneReport) => void,
  ) {
    rmSync(path, { recursive: true, force: true });
    mkdirSync(path, { recursive: true, mode: 0o700 });
    try {
      this.watcher = watch(path, () => this.read());
      this.watcher.on('error', () => this.watcher?.close());
    } catch {
      this.watcher = undefined;
    }
    this.poll = setInterval(() => this.read(), POLL_MS);
    this.poll.unref();
  }

  /** Reads every report waiting, oldest first. */
  read(): void {
    if (this.closed) return;
    let names: string[];
    try {
      names = readdirSync(this.path).filter((name) => REPORT_NAME.test(name));
    } catch {
      return;
    }
    names.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b));
    for (const name of names) {
      const file = join(this.path, name);
      let text: string | undefined;
      try {
        const bytes = readFileSync(file);
        if (bytes.length <= MAX_REPORT_BYTES) text = bytes.toString('utf8');
        rmSync(file, { force: true });
      } catch {
        continue;
      }
      if (text !== undefined) this.onReport({ kind: REPORT_NAME.exec(name)?.[1] as ReportKind, text });
    }
  }

  close(): void {
    this.closed = true;
    this.watcher?.close();
    clearInterval(this.poll);
    rmSync(join(this.path, '..'), { recursive: true, force: true });
  }
}
