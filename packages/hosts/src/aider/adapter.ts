// Aider: governed through the shell wrapper and the node/python hooks (`SSG_CLIENT=aider` in their
// environment). Calls arrive in the generic format.
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { genericHostAdapter } from '../adapter/generic-host';
import type { DetectableAdapter } from '../adapter/host-detection';

export const AIDER_TOOLS = capabilityMap({
  execute: ['bash', 'shell', 'run'],
  write: ['edit', 'write', 'create'],
  read: ['read'],
  search: ['grep', 'find'],
});

export const aiderAdapter: DetectableAdapter = {
  ...genericHostAdapter('aider', {}, mappedCapability(AIDER_TOOLS)),
};
