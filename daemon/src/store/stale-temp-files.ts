// Atomic writes go through `.<name>.<pid>.<random>.tmp` beside their target (packages/node/src/atomic-write.ts). A process
// killed mid-write leaves its temp file behind; nothing reads it, but nothing else would remove it either, so the
// daemon sweeps those of dead processes from the folders it writes when it starts.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from '@ssg/node/process-alive';

const TEMP_FILE = /^\..+\.(\d+)\.[a-z0-9]+\.tmp$/;

export function removeStaleTempFiles(dirs: readonly string[]): void {
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = Number(TEMP_FILE.exec(name)?.[1]);
      if (pid && !isProcessAlive(pid)) rmSync(join(dir, name), { force: true });
    }
  }
}
