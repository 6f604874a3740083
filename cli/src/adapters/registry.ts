// Every adapter ssg knows, and which one serves the current process: `SSG_CLIENT` when set, else the
// first adapter whose detect() recognises its host, else `generic`.
import { claudeCodeAdapter } from './claude-code';
import { genericAdapter } from './generic';
import type { ClientAdapter } from './types';

/** Detection order: specific hosts first; generic (always detected) last. */
export const ADAPTERS: readonly ClientAdapter[] = [claudeCodeAdapter, genericAdapter];

export const adapterNames = (): string[] => ADAPTERS.map((adapter) => adapter.name);

export function adapterNamed(name: string): ClientAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.name === name);
}

export class UnknownClientError extends Error {
  override readonly name = 'UnknownClientError';
  constructor(readonly client: string) {
    super(`unknown client '${client}'`);
  }
}

/** The adapter for an explicit name, else for `SSG_CLIENT`, else by detection. */
export function selectAdapter(explicit?: string): ClientAdapter {
  const requested = explicit ?? (process.env.SSG_CLIENT || undefined);
  if (requested !== undefined) {
    const adapter = adapterNamed(requested);
    if (!adapter) throw new UnknownClientError(requested);
    return adapter;
  }
  return ADAPTERS.find((adapter) => adapter.detect()) ?? genericAdapter;
}
