// `ssg daemon`: runs the local daemon in the foreground until Ctrl-C or SIGTERM. The daemon's code is a bundle of
// its own (dist/daemon.cjs, from ../daemon) loaded here at run time, so no other command pays for it.
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { CliError, usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { printable } from '../../cli/printable';
import { DEFAULT_DAEMON_URL } from '@ssg/client/daemon-endpoint';
import { ssgHome } from '@ssg/node/home';
import { cliVersion } from '../version';

/** What this command needs of the daemon bundle (daemon/src/main.ts). */
interface DaemonBundle {
  startDaemon(options: { home: string; port?: number; version?: string; logLevel?: LogLevel }): Promise<{
    url: string;
    close(): Promise<void>;
  }>;
}

const DEFAULT_PORT = Number(new URL(DEFAULT_DAEMON_URL).port);

/** pino's levels, most severe first, as the daemon's --log-level takes them. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

const help = `Usage: ssg daemon [--port <n>] [--log-level <level>]

Runs the ssg daemon in the foreground on 127.0.0.1 (loopback only) until Ctrl-C. Every hook sends its tool calls
here: the daemon keeps the rules compiled, applies spending limits and Sleep at Night, holds ASK approvals and
keeps the audit log. When it is not running, hooks evaluate the rules themselves (or block, while Sleep at Night's
fail-closed layer is on). The desktop app runs the same daemon inside itself.

State lives in the ssg home (~/.ssg, or SSG_HOME): daemon.token (0600; every API call carries it in
X-Service-Token), daemon.json (where it listens), budget.json, sleep-mode.json, the audit and ledger databases,
and the daemon's log, logs/daemon.log (JSON lines, rotated at 5 MB; \`ssg doctor\` shows its latest errors).

Options:
  --port <n>           the port to listen on (default ${DEFAULT_PORT}; 0 picks a free one). Hooks find it in
                       daemon.json.
  --log-level <level>  what goes into the log: ${LOG_LEVELS.join(', ')} (default info: start, stop, errors)
  -h, --help           show this help

Exit codes: 0 stopped cleanly, 2 usage error, 5 the daemon could not start (port in use, home not writable).

Examples:
  ssg daemon
  ssg daemon --port 5600
`;

export const daemonCommand: Command = {
  name: 'daemon',
  summary: 'run the local daemon (evaluation, spending limits, Sleep at Night, approvals, audit)',
  help,
  async run(argv) {
    const { values } = parseCommandArgs('daemon', argv, {
      port: { type: 'string' },
      'log-level': { type: 'string' },
    });
    const port = values.port === undefined ? DEFAULT_PORT : parsePort(values.port);
    const logLevel = parseLogLevel(values['log-level'] ?? 'info');
    const home = ssgHome();
    const bundle = createRequire(import.meta.url)('./daemon.cjs') as DaemonBundle;
    let daemon: Awaited<ReturnType<DaemonBundle['startDaemon']>>;
    try {
      daemon = await bundle.startDaemon({ home, port, version: cliVersion(), logLevel });
    } catch (error) {
      throw startFailure(error, port, home);
    }
    process.stdout.write(`ssg daemon listening on ${daemon.url} (home ${home}); Ctrl-C stops it\n`);
    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'));
      process.once('SIGTERM', () => resolve('SIGTERM'));
    });
    await daemon.close();
    process.stdout.write(`ssg daemon stopped (${signal})\n`);
    return ExitCode.ok;
  },
};

function parseLogLevel(text: string): LogLevel {
  if ((LOG_LEVELS as readonly string[]).includes(text)) return text as LogLevel;
  throw usageError(`--log-level ${printable(text)} is not a level`, `pass one of ${LOG_LEVELS.join(', ')}`);
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw usageError(`--port ${text} is not a port`, 'pass 0 to 65535');
  return port;
}

function startFailure(error: unknown, port: number, home: string): CliError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EALREADYRUNNING') {
    return new CliError((error as Error).message, 'stop it first, or use another SSG_HOME', ExitCode.daemon);
  }
  if (code === 'EADDRINUSE') {
    return new CliError(
      `port ${port} is already in use`,
      'another ssg daemon (or the desktop app) may be running; stop it or pass --port',
      ExitCode.daemon,
    );
  }
  if (code !== undefined && (HOME_NOT_WRITABLE.has(code) || (code === 'ENOENT' && isMkdir(error)))) {
    return new CliError(
      `the ssg home ${home} cannot be written: ${homeProblem(error as NodeJS.ErrnoException, home)}`,
      'make it writable (and free some disk space), or point SSG_HOME elsewhere',
      ExitCode.daemon,
    );
  }
  return new CliError(`the daemon could not start: ${(error as Error).message}`, 'see the message', ExitCode.daemon);
}

/** Why a home cannot be written: the file system's codes, and SQLite's for its database files. */
const HOME_NOT_WRITABLE = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'ENOTDIR',
  'EISDIR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
]);

const isMkdir = (error: unknown): boolean => (error as NodeJS.ErrnoException).syscall === 'mkdir';

/**
 * The error's own words, except where Node's recursive mkdir says ENOENT for a parent it could not write (a
 * read-only file system): then the nearest existing folder is asked, which names the real cause.
 */
function homeProblem(error: NodeJS.ErrnoException, home: string): string {
  if (error.code !== 'ENOENT') return error.message;
  let dir = home;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  try {
    accessSync(dir, constants.W_OK);
  } catch (cause) {
    return (cause as Error).message;
  }
  return error.message;
}
