// Claude Cowork: no native hook; a governance prompt tells the model to call `ssg_evaluate` (MCP) before every
// tool call, computer-use actions included. Calls arrive in the generic format. Only Cowork's own variable
// detects it: the desktop chat app being installed says nothing about who is calling.
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { genericHostAdapter } from '../adapter/generic-host';
import type { DetectableAdapter } from '../adapter/host-detection';

export const CLAUDE_COWORK_TOOLS = capabilityMap({
  execute: [
    'bash',
    'computer_use',
    'click',
    'double_click',
    'right_click',
    'type',
    'key',
    'scroll',
    'mouse_move',
    'drag',
  ],
  read: ['read', 'screenshot', 'file_read'],
  write: ['write', 'edit', 'multiedit', 'file_write'],
  search: ['glob', 'grep'],
  network: ['webfetch', 'websearch'],
});

export const claudeCoworkAdapter: DetectableAdapter = {
  ...genericHostAdapter(
    'claude-cowork',
    { variables: ['CLAUDE_COWORK_VERSION'] },
    mappedCapability(CLAUDE_COWORK_TOOLS),
  ),
};
