// "Install command-line tool": puts an `ssg` on the user's PATH that runs the CLI bundled in the desktop app's
// resources, so hooks work without a separate `npm install -g ssg-guard`. The shim runs the app's own executable as
// Node (ELECTRON_RUN_AS_NODE), so the CLI uses the app's Node and its native modules, and points SSG_RESOURCES at
// the bundled rules. It is a small script rather than a symlink: a symlink cannot carry those two variables.
import { accessSync, constants, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { posix, resolve, win32 } from 'node:path';
import { writeFileAtomic } from '@ssg/node/atomic-write';

/** A line every shim carries, so a reinstall may replace it and never an `ssg` someone else put there. */
export const SHIM_MARKER = 'ssg-desktop-cli-shim';

export interface ShimPlatform {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  homedir: string;
  /** Whether the current user may create files in a directory (injectable for tests). */
  isWritable?: (dir: string) => boolean;
}

export interface ShimTarget {
  /** The shim's path: `<dir>/ssg` or `<dir>\ssg.cmd`. */
  path: string;
  dir: string;
}

/**
 * Where the shim goes: /usr/local/bin when this user may write there (it is on every PATH by default), else
 * ~/.local/bin (the XDG user bin, on PATH in most current distributions and easy to add on macOS); on Windows
 * %LOCALAPPDATA%\ssg\bin, which needs no administrator and which we then ask the user to add to PATH.
 */
export function chooseShimTarget({ platform, env, homedir, isWritable = canWrite }: ShimPlatform): ShimTarget {
  if (platform === 'win32') {
    const localAppData = env.LOCALAPPDATA || win32.join(homedir, 'AppData', 'Local');
    const dir = win32.join(localAppData, 'ssg', 'bin');
    return { dir, path: win32.join(dir, 'ssg.cmd') };
  }
  const systemBin = '/usr/local/bin';
  const dir = isWritable(systemBin) ? systemBin : posix.join(homedir, '.local', 'bin');
  return { dir, path: posix.join(dir, 'ssg') };
}

export interface ShimCommand {
  platform: NodeJS.Platform;
  /** The app's executable (process.execPath in Electron's main process). */
  execPath: string;
  /** The app's extraResources folder (process.resourcesPath), which holds cli/ and resources/rules. */
  resourcesPath: string;
}

/** The shim's text. Paths are quoted for the shell that reads them; a path cmd.exe cannot quote is refused. */
export function shimScript({ platform, execPath, resourcesPath }: ShimCommand): string {
  if (platform === 'win32') {
    const cli = win32.join(resourcesPath, 'cli', 'bin', 'ssg.cjs');
    const resources = win32.join(resourcesPath, 'resources');
    for (const path of [execPath, cli]) {
      // cmd.exe has no escape for a double quote inside a quoted word; such a path cannot be run safely.
      if (/["\r\n]/.test(path)) throw new Error(`cannot write a shim for a path containing quotes: ${path}`);
    }
    return [
      '@echo off',
      `rem ${SHIM_MARKER}: runs the ssg CLI bundled with the desktop app`,
      'setlocal',
      'set ELECTRON_RUN_AS_NODE=1',
      `set "SSG_RESOURCES=${cmdLiteral(resources)}"`,
      `"${cmdLiteral(execPath)}" "${cmdLiteral(cli)}" %*`,
      '',
    ].join('\r\n');
  }
  const cli = posix.join(resourcesPath, 'cli', 'bin', 'ssg.cjs');
  const resources = posix.join(resourcesPath, 'resources');
  return [
    '#!/bin/sh',
    `# ${SHIM_MARKER}: runs the ssg CLI bundled with the desktop app`,
    `ELECTRON_RUN_AS_NODE=1 SSG_RESOURCES=${shellQuote(resources)} exec ${shellQuote(execPath)} ${shellQuote(cli)} "$@"`,
    '',
  ].join('\n');
}

export type ShimResult =
  | { kind: 'installed'; path: string; replaced: boolean; onPath: boolean; message: string }
  | { kind: 'conflict'; path: string; message: string };

/**
 * Writes the shim atomically (mode 0755), replacing an earlier shim of ours but never another program named ssg
 * (an npm-installed CLI, say). The message says what to do when the folder is not on PATH.
 */
export function installCliShim(target: ShimTarget, command: ShimCommand, env: NodeJS.ProcessEnv): ShimResult {
  const existing = readIfExists(target.path);
  if (existing !== undefined && !existing.includes(SHIM_MARKER)) {
    return {
      kind: 'conflict',
      path: target.path,
      message: `${target.path} already exists and is not the desktop app's shim; remove it first if you want this one`,
    };
  }
  mkdirSync(target.dir, { recursive: true, mode: 0o755 });
  writeFileAtomic(target.path, shimScript(command), { mode: 0o755 });
  const onPath = isOnPath(target.dir, env, command.platform);
  const hint =
    command.platform === 'win32'
      ? `add ${target.dir} to your user PATH (Settings → Environment Variables) and open a new terminal`
      : `add \`export PATH="${target.dir}:$PATH"\` to your shell's profile and open a new terminal`;
  return {
    kind: 'installed',
    path: target.path,
    replaced: existing !== undefined,
    onPath,
    message: onPath
      ? `Installed ${target.path}; \`ssg\` works in new terminals.`
      : `Installed ${target.path}, but ${target.dir} is not on your PATH: ${hint}.`,
  };
}

/** Whether a directory is one of PATH's entries (case-insensitively on Windows, where PATH is spelled Path too). */
export function isOnPath(dir: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  const windows = platform === 'win32';
  const pathVar = windows ? Object.entries(env).find(([key]) => key.toUpperCase() === 'PATH')?.[1] : env.PATH;
  const separator = windows ? ';' : ':';
  const normalize = (p: string): string => {
    const resolved = (windows ? win32.resolve(p) : posix.resolve(p)).replace(/[\\/]+$/, '');
    return windows ? resolved.toLowerCase() : resolved;
  };
  const wanted = normalize(dir);
  return (pathVar ?? '')
    .split(separator)
    .filter((entry) => entry !== '')
    .some((entry) => normalize(entry) === wanted);
}

/** A word the POSIX shell reads back exactly: single quotes, with each inner ' closed, escaped and reopened. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** cmd.exe expands %VAR% even inside quotes; %% is a literal percent in a batch file. */
function cmdLiteral(text: string): string {
  return text.replace(/%/g, '%%');
}

function readIfExists(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // A directory or an unreadable file of the same name: not ours either.
    return '';
  }
}

function canWrite(dir: string): boolean {
  try {
    accessSync(resolve(dir), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
