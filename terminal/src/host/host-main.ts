// The pty host's process. Started by the daemon as a child process with an IPC channel (browser mode, `ssg
// daemon`), or by the desktop app's main process as an Electron utilityProcess, which is handed a MessagePort to
// the daemon's utilityProcess as its first message. Either way it speaks HostInbound/HostOutbound
// (@ssg/contracts/terminal) and nothing else; it ends when its channel closes, taking its panes' processes along.
import { homedir } from 'node:os';
import type { HostInbound, HostOutbound } from '@ssg/contracts/terminal';
import { ssgHome } from '@ssg/node/home';
import { platformCredentialReader } from '../accounts';
import { TerminalHost } from './terminal-host';

/** The MessagePort an Electron utilityProcess receives (typed here: nothing outside main/ imports electron). */
interface PortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  on(event: 'close', listener: () => void): void;
  postMessage(message: unknown): void;
  start(): void;
}

interface ParentPort {
  once(event: 'message', listener: (event: { data: unknown; ports: PortLike[] }) => void): void;
}

interface Channel {
  send(message: HostOutbound): void;
  listen(handler: (message: HostInbound) => void, closed: () => void): void;
}

async function channel(): Promise<Channel> {
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (parentPort) {
    const port = await new Promise<PortLike>((resolve, reject) =>
      parentPort.once('message', ({ ports }) => (ports[0] ? resolve(ports[0]) : reject(new Error('no port given')))),
    );
    return {
      send: (message) => port.postMessage(message),
      listen: (handler, closed) => {
        port.on('message', ({ data }) => handler(data as HostInbound));
        port.on('close', closed);
        port.start();
      },
    };
  }
  if (!process.send) throw new Error('the terminal host runs as a child process with an IPC channel');
  return {
    send: (message) => process.send?.(message),
    listen: (handler, closed) => {
      process.on('message', (message) => handler(message as HostInbound));
      process.on('disconnect', closed);
    },
  };
}

async function main(): Promise<void> {
  const link = await channel();
  const env = process.env;
  const home = ssgHome(env);
  const userHome = env.HOME ?? homedir();
  const host = new TerminalHost({
    ssgHome: home,
    userHome,
    env,
    send: link.send,
    credentials: platformCredentialReader({ home: userHome }),
    ...(env.SSG_TERMINAL_CLAUDE && { claudeCommand: env.SSG_TERMINAL_CLAUDE }),
    ...(env.SSG_TERMINAL_USAGE_API_URL && { usageApiUrl: env.SSG_TERMINAL_USAGE_API_URL }),
  });
  link.listen(
    (message) => void host.handle(message),
    () => {
      host.dispose();
      process.exit(0);
    },
  );
  link.send({ kind: 'ready', pid: process.pid });
}

void main();
