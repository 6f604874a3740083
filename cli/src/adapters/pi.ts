// Pi: the same shell wrapper and node/python hooks as aider, plus MCP. Calls arrive in the generic format.
import { capabilityMap, mappedCapability } from './capability-map';
import { genericHostAdapter } from './generic-host';
import type { DetectableAdapter } from './host-detection';
import { lazyInstallMethods } from '../install/adapter-installer';

export const PI_TOOLS = capabilityMap({
  execute: ['bash'],
  read: ['read'],
  write: ['write', 'edit'],
  search: ['grep', 'find', 'ls'],
});

export const piAdapter: DetectableAdapter = {
  ...genericHostAdapter('pi', {}, mappedCapability(PI_TOOLS)),
  ...lazyInstallMethods(async () => (await import('../install/installers/pi')).piInstaller),
};
