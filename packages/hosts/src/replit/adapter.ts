// Replit: no local wrapper; the agent is told (in `replit.md`) to call the hosted `ssg_evaluate` before every
// action. Calls arrive in the generic format.
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { genericHostAdapter } from '../adapter/generic-host';
import type { DetectableAdapter } from '../adapter/host-detection';

export const REPLIT_TOOLS = capabilityMap({
  execute: ['bash', 'shell', 'run', 'execute'],
  read: ['read_file'],
  write: ['write_file', 'edit_file', 'str_replace_editor', 'create_file'],
  search: ['search_filesystem', 'list_files'],
  network: ['web_search', 'web_fetch', 'fetch'],
});

export const replitAdapter: DetectableAdapter = {
  ...genericHostAdapter('replit', { variables: ['REPL_ID', 'REPLIT_DB_URL'] }, mappedCapability(REPLIT_TOOLS)),
};
