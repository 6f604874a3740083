// The daemon's log file, `<home>/logs/daemon.log`: pino's JSON lines, one per event, rotated by the daemon to
// daemon.log.1 … .3. The daemon writes it (daemon/src/log/); `ssg doctor` reads the latest errors from it here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const daemonLogDir = (home: string): string => join(home, 'logs');
export const DAEMON_LOG_FILE = 'daemon.log';
export const daemonLogPath = (home: string): string => join(daemonLogDir(home), DAEMON_LOG_FILE);

/** pino's level numbers: 50 is error, 60 fatal. */
const ERROR_LEVEL = 50;
/** Only the end of the file is read: enough for the latest errors, whatever the file's size. */
const TAIL_BYTES = 256 * 1024;

export interface DaemonLogError {
  /** ms since the epoch. */
  time: number;
  message: string;
}

/** The latest error and fatal lines of the current log, newest last; none when there is no log. */
export function recentDaemonErrors(home: string, limit = 5): DaemonLogError[] {
  let text: string;
  try {
    const whole = readFileSync(daemonLogPath(home));
    text = whole.subarray(Math.max(0, whole.length - TAIL_BYTES)).toString('utf8');
  } catch {
    return [];
  }
  const errors: DaemonLogError[] = [];
  for (const line of text.split('\n')) {
    const entry = parseLine(line);
    if (entry && entry.level >= ERROR_LEVEL) {
      errors.push({ time: entry.time, message: entry.err?.message ?? entry.msg ?? '(no message)' });
    }
  }
  return errors.slice(-limit);
}

interface LogLine {
  level: number;
  time: number;
  msg?: string;
  err?: { message?: string };
}

function parseLine(line: string): LogLine | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(line) as Partial<LogLine>;
    return typeof value.level === 'number' && typeof value.time === 'number' ? (value as LogLine) : undefined;
  } catch {
    return undefined;
  }
}
