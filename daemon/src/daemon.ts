// Starts the daemon: the token, the stores and the areas' services under one home, the fastify app on loopback,
// and `<home>/daemon.json` saying where it listens. `ssg daemon` runs this in the foreground; the desktop app's
// main process runs the same function in-process.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { removeDaemonFile, writeDaemonFile } from 'ssg/src/daemon-client/daemon-file';
import { type Clock, systemClock } from './clock';
import { DaemonEvents } from './events';
import { healthRoutes } from './routes/health';
import { buildApp } from './server/app';
import { ensureDaemonToken } from './token/daemon-token';

export const DEFAULT_PORT = 5599;

export interface DaemonOptions {
  /** The ssg home (`~/.ssg`, or SSG_HOME). */
  home: string;
  /** 0 picks a free port (tests). */
  port?: number;
  clock?: Clock;
  version?: string;
}

export interface RunningDaemon {
  url: string;
  port: number;
  token: string;
  app: FastifyInstance;
  events: DaemonEvents;
  /** Stops listening, finishes in-flight requests, closes the stores. */
  close(): Promise<void>;
}

export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { home } = options;
  const clock = options.clock ?? systemClock;
  const token = ensureDaemonToken(home);
  const events = new DaemonEvents();
  const startedAt = clock.now();
  let port = options.port ?? DEFAULT_PORT;
  const app = await buildApp({
    token,
    port: () => port,
    routes: [healthRoutes({ version: options.version ?? 'dev', pid: process.pid, startedAt })],
  });
  await app.listen({ host: '127.0.0.1', port });
  port = (app.server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  writeDaemonFile(home, { url, pid: process.pid, startedAt });
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    token,
    app,
    events,
    close: () =>
      (closing ??= (async () => {
        await app.close();
        removeDaemonFile(home, process.pid);
      })()),
  };
}
