// The desktop app's two utilityProcesses: the daemon (daemon-process.cjs) and the terminal's pty host
// (terminal-host.cjs), so neither the daemon's blocking SQLite flushes nor a pane's flood ever run on the main
// process, which draws the windows. Main wires them with a MessageChannelMain: one end to the daemon, which relays
// the dashboard's terminal API and pane socket, one end to the host. A host that dies is started again with a new
// channel (its panes are gone; the windows are told by the daemon). Electron's types are mirrored structurally
// here so this runs, and is tested, on Node.
import type { DaemonProcessCommand, DaemonProcessEvent } from '@ssg/daemon/process/daemon-over-port';
import type { StartedDaemon } from './daemon-host';

/** Electron's MessagePortMain, as far as it is handed around here. */
export type PortLike = object;

/** Electron's UtilityProcess: `message` gives the message itself, `exit` the code. */
export interface UtilityProcessLike {
  postMessage(message: unknown, transfer?: PortLike[]): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

export interface UtilityPlatform {
  fork(entry: string, name: string): UtilityProcessLike;
  /** A MessageChannelMain's two ends. */
  channel(): [PortLike, PortLike];
}

export interface UtilityEntries {
  daemon: string;
  terminalHost: string;
}

/** The host is started again after this long; more than this many times a minute, it is left stopped. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTARTS_PER_MINUTE = 5;

/** Starts the daemon's process and resolves once it listens; rejects with its error (code EALREADYRUNNING too). */
export function startDaemonProcess(platform: UtilityPlatform, entries: UtilityEntries): Promise<StartedDaemon> {
  const daemon = platform.fork(entries.daemon, 'ssg daemon');
  const command = (message: DaemonProcessCommand, transfer?: PortLike[]) => daemon.postMessage(message, transfer);
  const host = superviseTerminalHost(platform, entries.terminalHost, (port) =>
    command({ kind: 'terminal-port' }, [port]),
  );
  let exited!: Promise<void>;
  return new Promise((resolve, reject) => {
    exited = new Promise((done) =>
      daemon.on('exit', (code) => {
        reject(new Error(`the daemon process exited (${code}) before it listened`));
        done();
      }),
    );
    daemon.on('message', (message) => {
      const event = message as DaemonProcessEvent;
      if (event.kind === 'failed') {
        host.stop();
        reject(Object.assign(new Error(event.message), event.code === undefined ? {} : { code: event.code }));
      } else if (event.kind === 'started') {
        resolve({
          url: event.url,
          adminToken: event.adminToken,
          close: async () => {
            host.stop();
            command({ kind: 'stop' });
            await exited;
          },
        });
      }
    });
  });
}

/** Runs the pty host, handing `givePort` the daemon's end of a fresh channel each time one starts. */
export function superviseTerminalHost(
  platform: UtilityPlatform,
  entry: string,
  givePort: (port: PortLike) => void,
  now: () => number = Date.now,
): { stop(): void } {
  let current: UtilityProcessLike | undefined;
  let stopped = false;
  const starts: number[] = [];
  const start = () => {
    if (stopped) return;
    const recent = starts.filter((at) => now() - at < 60_000);
    if (recent.length >= MAX_RESTARTS_PER_MINUTE) return;
    starts.splice(0, starts.length, ...recent, now());
    const [daemonEnd, hostEnd] = platform.channel();
    const host = platform.fork(entry, 'ssg terminal host');
    host.postMessage({ kind: 'port' }, [hostEnd]);
    givePort(daemonEnd);
    host.on('exit', () => {
      if (current === host) current = undefined;
      if (!stopped) setTimeout(start, RESTART_DELAY_MS).unref();
    });
    current = host;
  };
  start();
  return {
    stop: () => {
      stopped = true;
      current?.kill();
    },
  };
}
