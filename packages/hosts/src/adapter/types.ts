// The contract between ssg and an agent host (spec: "Capability (adapters)"). One adapter per host
// translates the host's wire format into a ToolCall, classifies its tools and formats the verdict back; the
// host's installer writes its hook or configuration. Each host folder provides the two apart (adapter.ts,
// installer.ts), so the hooks load the wire format without the install code; the registry joins them into the
// spec's ClientAdapter.
import type { Capability, EvalResult, ToolCall } from '@ssg/engine';

/** What a host's adapter.ts provides: detection, the wire format and the tool map. */
export interface WireAdapter {
  readonly name: string;
  /** Whether ssg is running under this host. Runs on every evaluation, so it only reads the environment. */
  detect(): boolean;
  /** The host's raw payload → a ToolCall. Throws InvalidToolCallError on malformed input. */
  parseInput(raw: string): ToolCall;
  /** The verdict in the host's wire format; an empty string means "say nothing, let the host decide". */
  formatOutput(result: EvalResult): string;
  toolCapability(toolName: string): Capability;
}

/** The spec's ClientAdapter: a wire adapter with its host's install steps, as the registry hands it out. */
export interface ClientAdapter extends WireAdapter {
  /** Writes the host's hook or configuration for a project. Idempotent. */
  install(projectDir: string): Promise<void>;
  uninstall(projectDir: string): Promise<void>;
  /** Whether the host is wired to ssg. */
  healthCheck(): Promise<boolean>;
}
