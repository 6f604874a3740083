// The daemon's side of the pty host (terminal/src/host): a process of its own, so a flood in a pane or the parsing
// of its screen never delays an evaluation. In browser mode (`ssg daemon`) the daemon forks it on the first
// terminal request; in the desktop app the main process starts it as a utilityProcess and hands the daemon a
// MessagePort to it (`TerminalHostLink`). Requests are answered in order with a timeout; socket traffic flows both
// ways untouched. A host that dies is started again on the next request (its panes are gone, which the windows
// are told).
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type {
  HostInbound,
  HostOutbound,
  SocketServerMessage,
  TerminalOperation,
  TerminalOperations,
} from '@ssg/contracts/terminal';

/** A way to talk to a running pty host. */
export interface TerminalHostLink {
  send(message: HostInbound): void;
  onMessage(listener: (message: HostOutbound) => void): void;
  onClose(listener: () => void): void;
  close(): void;
}

/** A refusal from the host (or of the host being unreachable), with the HTTP status to answer with. */
export class TerminalHostError extends Error {
  override readonly name = 'TerminalHostError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type ClientSend = (clientIds: readonly string[] | 'all', message: SocketServerMessage) => void;

const REQUEST_TIMEOUT_MS = 15_000;

export class TerminalHostProcess {
  private link: TerminalHostLink | undefined;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  private readonly clientListeners = new Set<ClientSend>();

  /** `connect` starts a host (or returns the link main handed over) and is called again after one dies. */
  constructor(private readonly connect: () => TerminalHostLink) {}

  request<Op extends TerminalOperation>(
    op: Op,
    params: TerminalOperations[Op]['params'],
  ): Promise<TerminalOperations[Op]['result']> {
    const link = this.ensureLink();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(
          new TerminalHostError(504, `the terminal host did not answer ${op} within ${REQUEST_TIMEOUT_MS / 1000} s`),
        );
      }, REQUEST_TIMEOUT_MS);
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      link.send({ kind: 'request', id, op, params });
    });
  }

  /** A window's socket message, for the host (starting it if need be). */
  fromClient(message: Extract<HostInbound, { kind: 'client-message' | 'client-closed' }>): void {
    if (message.kind === 'client-closed' && !this.link) return;
    this.ensureLink().send(message);
  }

  /** Where the host's messages for windows go (the socket route). */
  onClientSend(listener: ClientSend): () => void {
    this.clientListeners.add(listener);
    return () => this.clientListeners.delete(listener);
  }

  close(): void {
    this.link?.close();
    this.link = undefined;
  }

  private ensureLink(): TerminalHostLink {
    if (this.link) return this.link;
    let link: TerminalHostLink;
    try {
      link = this.connect();
    } catch (error) {
      throw new TerminalHostError(503, `the terminal host cannot start: ${(error as Error).message}`);
    }
    link.onMessage((message) => this.received(message));
    link.onClose(() => {
      if (this.link !== link) return;
      this.link = undefined;
      for (const [id, { reject, timer }] of this.waiting) {
        clearTimeout(timer);
        reject(new TerminalHostError(503, 'the terminal host stopped'));
        this.waiting.delete(id);
      }
      for (const listener of this.clientListeners) {
        listener('all', { type: 'error', message: 'the terminal host stopped; its panes are closed' });
      }
    });
    this.link = link;
    return link;
  }

  private received(message: HostOutbound): void {
    if (message.kind === 'client-send') {
      for (const listener of this.clientListeners) listener(message.clientIds, message.message);
      return;
    }
    if (message.kind !== 'response') return;
    const waiter = this.waiting.get(message.id);
    if (!waiter) return;
    this.waiting.delete(message.id);
    clearTimeout(waiter.timer);
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(new TerminalHostError(message.status, message.message));
  }
}

/** Where the host's entry is: beside the daemon's bundle (cli/build.mjs), else the workspace's TypeScript source. */
export function terminalHostEntry(): { file: string; execArgv: string[] } {
  const bundled = fileURLToPath(new URL('./terminal-host.cjs', import.meta.url));
  if (existsSync(bundled)) return { file: bundled, execArgv: [] };
  return { file: createRequire(import.meta.url).resolve('@ssg/terminal/host-main'), execArgv: ['--import', 'tsx'] };
}

/** Browser mode: the host as a child process of the daemon, over Node's IPC channel. */
export function forkTerminalHost(env: NodeJS.ProcessEnv = process.env): TerminalHostLink {
  const { file, execArgv } = terminalHostEntry();
  const child: ChildProcess = fork(file, [], { execArgv, env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return {
    send: (message) => {
      if (child.connected) child.send(message);
    },
    onMessage: (listener) => child.on('message', (message) => listener(message as HostOutbound)),
    onClose: (listener) => child.on('exit', listener),
    // The host ends its panes' processes and exits when its channel closes; a host that hangs is killed.
    close: () => {
      if (child.connected) child.disconnect();
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
    },
  };
}
