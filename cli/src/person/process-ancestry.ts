// The command lines of this process's ancestors, nearest first, up to init: read from /proc on Linux. Elsewhere (no
// /proc) it is empty and agentHostOf() relies on the hosts' environment markers alone (docs/security.md).
import { readFileSync } from 'node:fs';

/** Far more than any real process tree; a loop in a corrupted /proc read cannot run forever. */
const MAX_DEPTH = 64;

export function processAncestry(start = process.ppid): string[][] {
  const ancestors: string[][] = [];
  for (let pid = start, depth = 0; pid > 1 && depth < MAX_DEPTH; depth++) {
    try {
      ancestors.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean));
      // The stat line is `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      break;
    }
  }
  return ancestors;
}
