// Pi: the same shell wrapper and node/python hooks as aider, plus MCP. Calls arrive in the generic format.
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { genericHostAdapter } from '../adapter/generic-host';
import type { DetectableAdapter } from '../adapter/host-detection';

export const PI_TOOLS = capabilityMap({
  execute: ['bash'],
  read: ['read'],
  write: ['write', 'edit'],
  search: ['grep', 'find', 'ls'],
});

export const piAdapter: DetectableAdapter = {
  ...genericHostAdapter('pi', {}, mappedCapability(PI_TOOLS)),
};
