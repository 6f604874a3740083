// What every ssg MCP tool needs to know about the server it runs in.
import { resolve } from 'node:path';
import type { ClientAdapter } from '@ssg/hosts/adapter/types';

export interface ToolContext {
  /** The client's adapter, chosen once at start-up (--client, else SSG_CLIENT, else detection). */
  adapter: ClientAdapter;
  /** The server's working directory: the default project of every tool. */
  cwd: string;
  /** The ssg home (see home.ts). */
  home: string;
}

/** A path argument of a tool, resolved against the server's working directory; the server's own when absent. */
export function resolveToolPath(context: ToolContext, path: string | undefined): string {
  return path === undefined ? context.cwd : resolve(context.cwd, path);
}
