// The fleet stack (fleet/src/testing/fleet-stack.ts: real OpenID providers and the fleet server) as a child
// process, for the browser tests: its one JSON line of URLs, and its stdin commands (`advance <ms>` moves the
// fleet's clock, `rotate-keys` rotates the `rotating` provider's keys), each answered by one JSON line.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(__dirname, '..', '..');

export interface FleetStackInfo {
  fleetUrl: string;
  database: 'sqlite' | 'postgres';
  instances: string[];
  issuers: Record<string, string>;
  /** What a client's license-issuer.json holds to accept the stack's licences. */
  licenceIssuer: { issuer: string; publicKey: string };
}

export class FleetStack {
  private readonly answers: Array<(line: string) => void> = [];

  private constructor(
    readonly info: FleetStackInfo,
    private readonly child: ChildProcess,
    lines: AsyncIterableIterator<string>,
  ) {
    void (async () => {
      for await (const line of lines) if (line.startsWith('{')) this.answers.shift()?.(line);
    })();
  }

  /** The stack, or why it cannot run here (`--postgres` without PostgreSQL installed). */
  static async start(args: string[] = []): Promise<FleetStack | { skip: string }> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'fleet/src/testing/fleet-stack.ts'), ...args],
      {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const exited = new Promise<never>((_resolve, reject) =>
      child.once('exit', (code) => reject(new Error(`the fleet stack exited ${code}: ${stderr}`))),
    );
    exited.catch(() => {});
    for (;;) {
      const next = await Promise.race([lines.next(), exited]);
      if (next.done) return await exited;
      if (!next.value.startsWith('{')) continue;
      const first = JSON.parse(next.value) as FleetStackInfo | { skip: string };
      return 'skip' in first ? first : new FleetStack(first, child, lines);
    }
  }

  /** Sends one command and resolves to its answer; a command the stack refuses is an error. */
  async command(command: string): Promise<Record<string, unknown>> {
    const line = new Promise<string>((resolve) => this.answers.push(resolve));
    this.child.stdin!.write(`${command}\n`);
    const answer = JSON.parse(await line) as Record<string, unknown>;
    if (answer.ok !== true) throw new Error(`the fleet stack refused ${JSON.stringify(command)}: ${answer.error}`);
    return answer;
  }

  /** Closes stdin, which makes the stack stop its servers and remove its folders, and waits for it to end. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin!.end();
    await exited;
  }
}
