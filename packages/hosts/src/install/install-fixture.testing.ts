// For installer tests: a temporary HOME and project, files written into them, and snapshots of every file's
// bytes and mtime to prove that a second install touches nothing and an uninstall gives the original back.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { InstallTarget } from './adapter-installer';

export type Snapshot = Record<string, { content: string; mtimeMs: number }>;

export class InstallFixture {
  readonly root = mkdtempSync(join(tmpdir(), 'ssg-install-'));
  /** User scope, no host variables set, and hooks that name ssg as `ssg` (tests of ssgProgram() name it for real). */
  readonly target: InstallTarget = {
    home: join(this.root, 'home'),
    projectDir: join(this.root, 'project'),
    env: {},
    scope: 'user',
    ssg: 'ssg',
  };
  /** SSG_HOME before the fixture pointed it into its HOME (installers of the shared hooks read it). */
  private readonly savedSsgHome: string | undefined;
  private readonly ownsSsgHome: boolean;

  constructor(options: { ssgHome?: boolean } = {}) {
    mkdirSync(this.target.home);
    mkdirSync(this.target.projectDir);
    this.ownsSsgHome = options.ssgHome === true;
    this.savedSsgHome = process.env.SSG_HOME;
    if (this.ownsSsgHome) process.env.SSG_HOME = join(this.target.home, '.ssg');
  }

  /** Writes a file relative to the root: `home/.codex/config.toml`, `project/.claude/settings.json`. */
  write(path: string, content: string): void {
    mkdirSync(dirname(join(this.root, path)), { recursive: true });
    writeFileSync(join(this.root, path), content);
  }

  read(path: string): string | undefined {
    try {
      return readFileSync(join(this.root, path), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Every file under the root (ssg-on-PATH folder excluded), by path relative to the root. */
  snapshot(dir: string = this.root): Snapshot {
    const files: Snapshot = {};
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) Object.assign(files, this.snapshot(path));
      else files[relative(this.root, path)] = { content: readFileSync(path, 'utf8'), mtimeMs: statSync(path).mtimeMs };
    }
    return files;
  }

  /** Runs `body` with only a fake `ssg` on PATH (or nothing, for `ssgOnPath: false`) and CLAUDE_CONFIG_DIR unset. */
  withPath<T>(ssgOnPath: boolean, body: () => T): T {
    const bin = join(tmpdir(), `ssg-install-bin-${process.pid}`);
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'ssg'), '#!/bin/sh\n');
    chmodSync(join(bin, 'ssg'), 0o755);
    const saved = { PATH: process.env.PATH, CLAUDE_CONFIG_DIR: process.env.CLAUDE_CONFIG_DIR };
    process.env.PATH = ssgOnPath ? bin : join(this.root, 'no-bin');
    delete process.env.CLAUDE_CONFIG_DIR;
    try {
      return body();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }

  cleanup(): void {
    if (this.ownsSsgHome) {
      if (this.savedSsgHome === undefined) delete process.env.SSG_HOME;
      else process.env.SSG_HOME = this.savedSsgHome;
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}
