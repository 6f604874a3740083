// Lists the log files under one root: a bounded-depth walk (Claude Code: project/session.jsonl, sub-agents two
// levels below; Codex: YYYY/MM/DD/rollout-*.jsonl) that follows no symbolic links, so a link loop or a link to
// somewhere huge cannot stall a scan. Unreadable folders are passed over: the next scan tries again.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const MAX_DEPTH = 4;

export async function findLogFiles(root: string, isLogFile: (name: string) => boolean): Promise<string[]> {
  const found: string[] = [];
  await walk(root, 1, isLogFile, found);
  return found;
}

async function walk(dir: string, depth: number, isLogFile: (name: string) => boolean, found: string[]) {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isFile() && isLogFile(entry.name)) found.push(path);
    else if (entry.isDirectory() && depth < MAX_DEPTH) await walk(path, depth + 1, isLogFile, found);
  }
}
