// The daemon for bench/terminal.mjs, in a process of its own as `ssg daemon` runs: started from the sources
// (through tsx), with its pty host forked from the bundle the bench built (SSG_BENCH_HOST) as the built CLI forks
// dist/terminal-host.cjs, so the host's memory and speed are the bundle's, not tsx's. Prints its url and admin
// credential as one JSON line once listening.
// Run by terminal.mjs as: node --import tsx bench/terminal-daemon.mjs   (SSG_HOME and SSG_BENCH_HOST set)
import { fork } from 'node:child_process';
import { startDaemon } from '../daemon/src/daemon.ts';

/** The daemon's own forkTerminalHost (daemon/src/terminal/terminal-host-process.ts), on another entry file. */
function forkBundledHost() {
  // No execArgv: fork() would pass on this process's `--import tsx`, and with it tsx's loader thread.
  const child = fork(process.env.SSG_BENCH_HOST, [], {
    execArgv: [],
    env: process.env,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return {
    send: (message) => {
      if (child.connected) child.send(message);
    },
    onMessage: (listener) => child.on('message', listener),
    onClose: (listener) => child.on('exit', listener),
    close: () => {
      if (child.connected) child.disconnect();
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
    },
  };
}

const daemon = await startDaemon({
  home: process.env.SSG_HOME,
  port: 0,
  env: process.env,
  keychain: () => undefined,
  logLevel: 'warn',
  terminalHost: forkBundledHost,
});
console.log(JSON.stringify({ url: daemon.url, adminToken: daemon.adminToken }));
process.on('SIGTERM', () => daemon.close().then(() => process.exit(0)));
