// A TerminalHostLink over a MessagePort: how the daemon reaches the pty host in the desktop app, where both run in
// Electron utilityProcesses and the main process hands each one end of a MessageChannelMain. Typed structurally:
// nothing outside main/ imports electron.
import type { HostInbound, HostOutbound } from '@ssg/contracts/terminal';
import type { TerminalHostLink } from './terminal-host-process';

/** The part of Electron's MessagePortMain this uses. */
export interface MessagePortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  start(): void;
  close(): void;
}

export function portLink(port: MessagePortLike): TerminalHostLink {
  let started = false;
  const start = () => {
    if (!started) port.start();
    started = true;
  };
  return {
    send: (message: HostInbound) => port.postMessage(message),
    onMessage: (listener) => {
      port.on('message', ({ data }) => listener(data as HostOutbound));
      start();
    },
    onClose: (listener) => port.on('close', listener),
    close: () => port.close(),
  };
}
