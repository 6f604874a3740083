// The daemon as an Electron utilityProcess (the desktop app): its SQLite flushes block the thread they run on
// (Atomics.wait), which must never be the window's main process. The main process starts it, is told where it
// listens (or why it could not start: EALREADYRUNNING means another daemon serves this home), hands it a port to
// the terminal's pty host whenever a host starts, and asks it to stop before the app quits.
import type { RunningDaemon } from '../daemon';
import type { TerminalHostLink } from '../terminal/terminal-host-process';
import { type MessagePortLike, portLink } from '../terminal/port-link';

/** main → daemon process. */
export type DaemonProcessCommand = { kind: 'terminal-port' } | { kind: 'stop' };

/** daemon process → main. */
export type DaemonProcessEvent =
  | { kind: 'started'; url: string; adminToken: string }
  | { kind: 'failed'; code?: string; message: string }
  | { kind: 'stopped' };

/** The part of Electron's `process.parentPort` this uses. */
export interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown; ports: MessagePortLike[] }) => void): unknown;
  postMessage(message: DaemonProcessEvent): void;
}

/**
 * Starts the daemon with `start` (given how to reach the pty host: the latest port main handed over) and serves
 * main's commands. Resolves once the daemon has stopped.
 */
export async function serveDaemonOverPort(
  parent: ParentPortLike,
  start: (terminalHost: () => TerminalHostLink) => Promise<RunningDaemon>,
): Promise<void> {
  let terminalPort: MessagePortLike | undefined;
  let stopRequested: (() => void) | undefined;
  const stop = new Promise<void>((resolve) => (stopRequested = resolve));
  parent.on('message', ({ data, ports }) => {
    const command = data as DaemonProcessCommand;
    if (command.kind === 'terminal-port' && ports[0]) terminalPort = ports[0];
    else if (command.kind === 'stop') stopRequested?.();
  });
  let daemon: RunningDaemon;
  try {
    daemon = await start(() => {
      if (!terminalPort) throw new Error('the desktop app has not started the terminal host');
      const link = portLink(terminalPort);
      // A port carries one host's life: the next link waits for the port of the next host.
      terminalPort = undefined;
      return link;
    });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    parent.postMessage({ kind: 'failed', ...(code !== undefined && { code }), message });
    return;
  }
  parent.postMessage({ kind: 'started', url: daemon.url, adminToken: daemon.adminToken });
  await stop;
  await daemon.close();
  parent.postMessage({ kind: 'stopped' });
}
