// NemoClaw: agents in a NemoClaw sandbox, governed by a policy fragment and a host-side shell wrapper.
// Calls arrive in the generic format.
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { genericHostAdapter } from '../adapter/generic-host';
import type { DetectableAdapter } from '../adapter/host-detection';

export const NEMOCLAW_TOOLS = capabilityMap({
  execute: ['process_exec', 'shell_exec', 'bash', 'shell'],
  read: ['fs_read', 'file_read'],
  write: ['fs_write', 'file_write', 'fs_edit'],
  network: ['net_egress', 'network_request', 'inference'],
  agent: ['sandbox_spawn'],
});

export const nemoclawAdapter: DetectableAdapter = {
  ...genericHostAdapter(
    'nemoclaw',
    { variables: ['NEMOCLAW_AGENT', 'NEMOCLAW_SANDBOX_NAME'] },
    mappedCapability(NEMOCLAW_TOOLS),
  ),
};
