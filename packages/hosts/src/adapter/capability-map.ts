// The explicit tool maps of the hosts. Maps are written as the spec lists them (capability → tool names) and
// looked up case-insensitively, because hosts disagree on spelling (`Bash` in Codex's hook, `bash` in its MCP
// calls). Names a map does not hold go to the shared keyword classifier.
import type { Capability } from '@ssg/engine';
import { classifyTool } from './keyword-classifier';

export type CapabilityMap = ReadonlyMap<string, Capability>;

export function capabilityMap(groups: Partial<Record<Capability, readonly string[]>>): CapabilityMap {
  const map = new Map<string, Capability>();
  for (const [capability, tools] of Object.entries(groups) as Array<[Capability, readonly string[]]>) {
    for (const tool of tools) map.set(tool.toLowerCase(), capability);
  }
  return map;
}

/** A toolCapability() for an adapter: the map first, then the keyword classifier. */
export function mappedCapability(map: CapabilityMap): (toolName: string) => Capability {
  return (toolName) => map.get(toolName.toLowerCase()) ?? classifyTool(toolName);
}
