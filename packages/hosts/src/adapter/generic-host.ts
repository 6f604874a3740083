// Hosts that reach ssg through MCP (`ssg_evaluate`) or a shell wrapper rather than a hook of their own: they
// speak the generic wire format and differ only in name, detection and tool map.
import type { Capability } from '@ssg/engine';
import { genericWireFormat } from '../generic/adapter';
import { type DetectableAdapter, detector, type HostSignals } from './host-detection';

export function genericHostAdapter(
  name: string,
  signals: HostSignals,
  toolCapability: (toolName: string) => Capability,
): DetectableAdapter {
  return {
    name,
    signals,
    detect: detector(name, signals),
    ...genericWireFormat(name, toolCapability),
    toolCapability,
  };
}
