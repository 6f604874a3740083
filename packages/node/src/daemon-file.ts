// `<home>/daemon.json`: where the running daemon listens and the public key it proves itself with
// (@ssg/contracts/daemon-proof), for hooks and the CLI. Written after listen, removed on a clean stop; one left by
// a daemon that died (its pid is gone) is stale, and readers treat it as absent: whatever listens on its port now
// is not that daemon.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write';

export interface DaemonFile {
  url: string;
  pid: number;
  startedAt: number;
  /** The daemon's Ed25519 public key for this run: raw 32 bytes, base64url. */
  publicKey: string;
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

/** The running daemon's file, or undefined when there is none, it is malformed, or its daemon is gone. */
export function readDaemonFile(home: string): DaemonFile | undefined {
  try {
    const file = JSON.parse(readFileSync(daemonFilePath(home), 'utf8')) as Partial<DaemonFile>;
    const wellFormed =
      typeof file.url === 'string' &&
      Number.isSafeInteger(file.pid) &&
      typeof file.startedAt === 'number' &&
      typeof file.publicKey === 'string';
    return wellFormed && isRunning(file.pid!) ? (file as DaemonFile) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid exists that this user may signal (a daemon of ours always is). */
function isRunning(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: another user's process reusing the pid, so not our daemon either.
    return false;
  }
}

/** The hooks' credential. */
export const daemonTokenPath = (home: string): string => join(home, 'daemon.token');

/** The admin credential's file, where no keychain keeps it (admin-credential.ts). */
export const adminCredentialPath = (home: string): string => join(home, 'admin.token');
