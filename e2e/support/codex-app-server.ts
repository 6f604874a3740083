// One JSON-RPC request to the real `codex app-server` over stdio: the protocol Codex's own IDE clients speak.
// The server leaves unanswered whatever is still queued when stdin closes, so stdin stays open until our answer
// arrives; then closing stdin shuts it down. It is never killed outright: the npm `codex` launcher runs the native
// binary as a child that a SIGKILL of the launcher would leave running (and writing into CODEX_HOME).
// `initialize`/`initialized` come first, as the protocol requires.
import { spawn } from 'node:child_process';
import { hostBin, type HostWorkspace } from './host-workspace';

interface RpcMessage {
  id?: number;
  method?: string;
  result?: unknown;
  error?: { message: string };
}

/** Sends `method` with `params` and resolves with its result; rejects on an error answer, an early exit or a timeout. */
export function codexAppServerRequest<T>(
  workspace: HostWorkspace,
  method: string,
  params: object,
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(hostBin('codex'), ['app-server', '--listen', 'stdio://'], {
      cwd: workspace.project,
      env: workspace.env(options.env),
    });
    let stdout = '';
    let stderr = '';
    let outcome: (() => void) | undefined;
    /** Records the outcome and closes stdin; the promise settles once the server has exited. */
    const settle = (result: () => void): void => {
      if (outcome) return;
      outcome = result;
      child.stdin.end();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new Error(`codex app-server did not answer ${method} in time:\n${stderr}`)));
      child.kill('SIGTERM'); // the launcher forwards it to the native binary
    }, options.timeoutMs ?? 30_000);
    const send = (message: object): void => void child.stdin.write(`${JSON.stringify(message)}\n`);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const lines = stdout.split('\n');
      stdout = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === '' || outcome) continue;
        const message = JSON.parse(line) as RpcMessage;
        if (message.id === 1 && message.method === undefined) {
          send({ method: 'initialized' });
          send({ id: 2, method, params });
        } else if (message.id === 2 && message.method === undefined) {
          settle(() => (message.error ? reject(new Error(message.error.message)) : resolve(message.result as T)));
        }
      }
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      if (outcome) outcome();
      else reject(new Error(`codex app-server exited (${status}) before answering ${method}:\n${stderr}`));
    });
    send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'ssg-e2e', version: '0' } } });
  });
}
