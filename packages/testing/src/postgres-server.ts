// A throwaway PostgreSQL server for tests, from Debian's `postgresql` package (CI's .ci/run installs it): initdb
// into a temp folder, then postgres listening only on a unix socket in that folder — no TCP port, so nothing to
// pick or race for among test files running at once. Trust authentication (only this machine's users can reach
// the socket) and no fsync: the data lives as long as the test file.
//
// postgres refuses to run as root, and tests run as root on CI and on the developers' machines. As root, initdb
// and pg_ctl run as `nobody` through `runuser -u nobody --` (util-linux, in every Debian), in a folder made
// world-writable for them; root, the test process, can still reach the socket. As any other user they run as
// that user.
//
//   const server = await startPostgresServer();      // once per test file (~1 s)
//   const url = await server.createDatabase();       // an empty database; e.g. one per test
//   …
//   await server.stop();
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SUPERUSER = 'postgres';
const POSTGRESQL_LIBS = '/usr/lib/postgresql';

export interface PostgresServer {
  /** The unix socket's folder (libpq's `host`). */
  readonly socketDir: string;
  /** A `postgres://` URL of `database` on this server, as the superuser. */
  url(database: string): string;
  /** Creates an empty database with a fresh name and resolves to its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server at once and removes its folder. */
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder, or an error that says how to install one. */
export function findPostgresBin(): string {
  const versions = existsSync(POSTGRESQL_LIBS)
    ? readdirSync(POSTGRESQL_LIBS)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(POSTGRESQL_LIBS, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      `no PostgreSQL server under ${POSTGRESQL_LIBS}/*/bin: install Debian's package (apt-get install postgresql)`,
    );
  }
  return join(POSTGRESQL_LIBS, versions[0]!, 'bin');
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const asRoot = process.getuid?.() === 0;
  /** The command line that runs a PostgreSQL program as a user postgres accepts. */
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'nobody', '--', join(bin, program), ...args]] : [join(bin, program), args];

  const dir = mkdtempSync(join(tmpdir(), 'ssg-pg-'));
  if (asRoot) chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const options = [
    "-c listen_addresses=''",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const stopNow = (): void => {
    try {
      execFileSync(...command('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']), { cwd: dir, stdio: 'ignore' });
    } catch {
      // Not running (never started, or already stopped).
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A test process that ends without stop() (a crash, a failed before hook) still takes its server with it.
  process.once('exit', stopNow);

  try {
    // In the server's own folder: `nobody` may not be allowed into the test's working directory.
    const inDir = { cwd: dir };
    const initdb = ['-D', data, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'];
    await run(...command('initdb', initdb), inDir);
    await run(...command('pg_ctl', ['start', '-D', data, '-l', log, '-o', options, '-w', '-t', '60']), inDir);
  } catch (error) {
    const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
    stopNow();
    process.removeListener('exit', stopNow);
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${serverLog}`, { cause: error });
  }

  let databases = 0;
  const url = (database: string): string => `postgres://${SUPERUSER}@${encodeURIComponent(dir)}/${database}`;
  return {
    socketDir: dir,
    url,
    async createDatabase() {
      const name = `test_${process.pid}_${++databases}`;
      await run(join(bin, 'createdb'), ['-h', dir, '-U', SUPERUSER, name]);
      return url(name);
    },
    async stop() {
      process.removeListener('exit', stopNow);
      stopNow();
    },
  };
}
