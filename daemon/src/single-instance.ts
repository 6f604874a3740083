// One daemon per ssg home. Two would both hand out audit ids and count the same calls against the caps, so a
// second start fails with a message naming the running one. A daemon.json left by a crash is stale, not a
// conflict: only a daemon that answers its health route at the recorded url with the recorded pid counts.
import { readDaemonFile } from '@ssg/node/daemon-file';

export class DaemonAlreadyRunningError extends Error {
  override readonly name = 'DaemonAlreadyRunningError';
  readonly code = 'EALREADYRUNNING';
}

export async function assertNoOtherDaemon(home: string): Promise<void> {
  const file = readDaemonFile(home);
  if (!file) return;
  try {
    const response = await fetch(`${file.url}/api/json/health`, { signal: AbortSignal.timeout(1000) });
    const health = (await response.json()) as { pid?: unknown };
    if (health.pid !== file.pid) return;
  } catch {
    return;
  }
  throw new DaemonAlreadyRunningError(
    `another ssg daemon (pid ${file.pid}) is already running for ${home} at ${file.url}`,
  );
}
