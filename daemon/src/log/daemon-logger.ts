// The daemon's log: fastify's own pino logger writing JSON lines to <home>/logs/daemon.log (mode 0600), rotated
// at 5 MB with three older files kept, so a daemon that runs for months keeps a bounded record. A security daemon
// with no log is blind: start, stop, refused storage writes and every failed request are written here, with the
// credentials redacted wherever a request or an error carries them.
import { mkdirSync } from 'node:fs';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { createStream } from 'rotating-file-stream';
import { DAEMON_LOG_FILE, daemonLogDir } from '@ssg/node/daemon-log';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const CENSOR = '[redacted]';

/**
 * Where a credential can appear in what fastify logs: the token header, cookies, an authorization header, and the
 * subprotocols of the terminal's pane socket (which carry a dashboard session token).
 */
export const REDACTED_PATHS = [
  'req.headers["x-service-token"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["sec-websocket-protocol"]',
  'res.headers["set-cookie"]',
  'token',
  '*.token',
];

/**
 * Fastify's log lines minus one per request: the audit log records every call, and a line each would cost the
 * hot path. A 5xx is an error with its request; a 4xx is the caller's mistake, answered in the reply, and logged
 * at debug only, so a client sending junk cannot fill the log.
 */
class DaemonLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
    else reply.log.debug({ res: reply, err: error }, error.message);
  }
}

export interface DaemonLog {
  options: Pick<FastifyServerOptions, 'logger' | 'logController'>;
  /** Flushes and closes the file (after the server has closed). */
  close(): Promise<void>;
}

export function daemonLog(home: string, level: LogLevel = 'info'): DaemonLog {
  const dir = daemonLogDir(home);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stream = createStream(DAEMON_LOG_FILE, { path: dir, size: '5M', rotate: 3, mode: 0o600 });
  // A log that cannot be written (a full disk) must never take the daemon down with it.
  stream.on('error', () => undefined);
  return {
    options: {
      logger: { level, stream, redact: { paths: REDACTED_PATHS, censor: CENSOR } },
      logController: new DaemonLogController(),
    },
    close: () =>
      new Promise((resolve) => {
        stream.end(() => resolve());
      }),
  };
}
