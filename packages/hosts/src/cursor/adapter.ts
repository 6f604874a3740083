// Cursor: governed through MCP (`.cursor/mcp.json` plus an always-applied rule asking for `ssg_evaluate`
// before every tool use). Calls arrive in the generic format.
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { genericHostAdapter } from '../adapter/generic-host';
import type { DetectableAdapter } from '../adapter/host-detection';

export const CURSOR_TOOLS = capabilityMap({
  execute: ['run_terminal_command'],
  write: ['edit_file', 'create_file'],
  read: ['read_file'],
  search: ['codebase_search', 'grep_search', 'file_search', 'list_dir'],
  network: ['web_search', 'fetch'],
});

export const cursorAdapter: DetectableAdapter = {
  ...genericHostAdapter(
    'cursor',
    { variables: ['CURSOR_SESSION_ID'], homeFolders: ['.cursor'] },
    mappedCapability(CURSOR_TOOLS),
  ),
};
