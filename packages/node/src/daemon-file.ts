// `<home>/daemon.json`: where the running daemon listens, for hooks and the CLI when it was started on a port
// other than the default. Written after listen, removed on a clean stop; a stale one (the pid is gone) is ignored
// by readers because the connection is refused.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write';

export interface DaemonFile {
  url: string;
  pid: number;
  startedAt: number;
}

export const daemonFilePath = (home: string): string => join(home, 'daemon.json');

export function writeDaemonFile(home: string, file: DaemonFile): void {
  writeFileAtomic(daemonFilePath(home), `${JSON.stringify(file)}\n`, { mode: 0o600 });
}

/** Removes the file only if it still describes this process (a newer daemon may have replaced it). */
export function removeDaemonFile(home: string, pid: number): void {
  try {
    const current = JSON.parse(readFileSync(daemonFilePath(home), 'utf8')) as Partial<DaemonFile>;
    if (current.pid === pid) rmSync(daemonFilePath(home), { force: true });
  } catch {
    // Missing or unreadable: nothing of ours to remove.
  }
}

/** The running daemon's file, or undefined when there is none or it is not ours to trust. */
export function readDaemonFile(home: string): DaemonFile | undefined {
  try {
    const file = JSON.parse(readFileSync(daemonFilePath(home), 'utf8')) as Partial<DaemonFile>;
    return typeof file.url === 'string' && typeof file.pid === 'number' && typeof file.startedAt === 'number'
      ? (file as DaemonFile)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The hooks' credential. */
export const daemonTokenPath = (home: string): string => join(home, 'daemon.token');

/** The admin credential's file, where no keychain keeps it (admin-credential.ts). */
export const adminCredentialPath = (home: string): string => join(home, 'admin.token');
