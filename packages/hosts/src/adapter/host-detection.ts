// How an adapter recognises its host. Each adapter declares its signals; detect() and the registry read them.
// Environment variables say "this process runs under the host"; a folder in HOME only says "the host is
// installed on this machine", which is why the registry tries every adapter's variables before any folder.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { WireAdapter } from './types';

export interface HostSignals {
  /** Variables whose presence (non-empty) means the host runs this process. */
  readonly variables?: readonly string[];
  /** Variables that must hold exactly this value (`ANTIGRAVITY_AGENT=1`). */
  readonly values?: Readonly<Record<string, string>>;
  /** Folders relative to HOME whose existence means the host is installed. */
  readonly homeFolders?: readonly string[];
}

/** An adapter of a specific host: one the registry can detect. */
export interface DetectableAdapter extends WireAdapter {
  readonly signals: HostSignals;
}

/** `SSG_CLIENT=<name>` counts for every adapter, besides the host's own variables. Read at call time. */
export function detectedByEnvironment(name: string, signals: HostSignals): boolean {
  const env = process.env;
  if (env.SSG_CLIENT === name) return true;
  if (signals.variables?.some((variable) => Boolean(env[variable]))) return true;
  return Object.entries(signals.values ?? {}).some(([variable, value]) => env[variable] === value);
}

export function detectedByFolders(signals: HostSignals): boolean {
  const folders = signals.homeFolders ?? [];
  if (folders.length === 0) return false;
  const home = process.env.HOME || homedir();
  return folders.some((folder) => existsSync(join(home, folder)));
}

/** detect() for an adapter with these signals. */
export function detector(name: string, signals: HostSignals): () => boolean {
  return () => detectedByEnvironment(name, signals) || detectedByFolders(signals);
}
