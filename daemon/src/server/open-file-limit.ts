// The daemon's open-file limit (RLIMIT_NOFILE), raised from its soft to its hard value at start: every connection,
// SQLite file and watcher costs a descriptor, and a soft limit of 1024 is the first thing a crowd of sockets would
// reach. Node has no setrlimit. Plain Node already raises the soft limit itself as it starts (on Linux and macOS),
// but an embedding runtime may not (the desktop app), so on Linux `prlimit` from util-linux raises it on the
// daemon's own process; elsewhere the limit is only read. Nothing here ever stops the daemon from starting: the
// outcome is a line in the start log, and the connection cap (connection-limits.ts) follows what the limit is.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface OpenFileLimit {
  /** The soft limit in force after start: what the connection cap is sized by; undefined where unknown. */
  soft?: number;
  hard?: number;
  /** What was done, for the start log. */
  note: string;
}

/** How long prlimit or the shell may take; start must not hang on them. */
const HELPER_TIMEOUT_MS = 2_000;

export function raiseOpenFileLimit(): OpenFileLimit {
  if (process.platform === 'win32') return { note: 'Windows has no open-file limit for sockets; nothing to raise' };
  if (process.platform !== 'linux') {
    const read = readWithShell();
    return { ...read, note: `read with ulimit; ${process.platform} has no prlimit, and Node raises it at start` };
  }
  const before = readProcLimits();
  if (before.soft === undefined || before.hard === undefined) return { note: 'cannot read /proc/self/limits' };
  if (before.soft >= before.hard) return { ...before, note: 'already at the hard limit' };
  const run = spawnSync('prlimit', ['--pid', String(process.pid), `--nofile=${before.hard}:${before.hard}`], {
    encoding: 'utf8',
    timeout: HELPER_TIMEOUT_MS,
  });
  const after = readProcLimits();
  if (after.soft !== undefined && after.soft > before.soft) {
    return { ...after, note: `raised from ${before.soft} with prlimit` };
  }
  const why = run.error?.message ?? (run.stderr.trim() || `prlimit exited ${run.status}`);
  return { ...before, note: `could not raise it from ${before.soft}: ${why}` };
}

/** "Max open files            1024                 4096                 files" */
function readProcLimits(): { soft?: number; hard?: number } {
  try {
    const line = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line ? { soft: limitValue(line[1]!), hard: limitValue(line[2]!) } : {};
  } catch {
    return {};
  }
}

/** A shell started by the daemon inherits its limits, so `ulimit` reports the daemon's own. */
function readWithShell(): { soft?: number; hard?: number } {
  const run = spawnSync('/bin/sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8', timeout: HELPER_TIMEOUT_MS });
  const [soft, hard] = (run.stdout ?? '').trim().split('\n');
  return soft && hard ? { soft: limitValue(soft), hard: limitValue(hard) } : {};
}

function limitValue(text: string): number | undefined {
  if (text === 'unlimited') return Number.MAX_SAFE_INTEGER;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}
