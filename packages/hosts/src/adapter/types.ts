// The contract between ssg and an agent host (spec: "Capability (adapters)"). One adapter per host
// translates the host's wire format into a ToolCall, classifies its tools and formats the verdict back.
import type { Capability, EvalResult, ToolCall } from '@ssg/engine';

export interface ClientAdapter {
  readonly name: string;
  /** Whether ssg is running under this host. Runs on every evaluation, so it only reads the environment. */
  detect(): boolean;
  /** The host's raw payload → a ToolCall. Throws InvalidToolCallError on malformed input. */
  parseInput(raw: string): ToolCall;
  /** The verdict in the host's wire format; an empty string means "say nothing, let the host decide". */
  formatOutput(result: EvalResult): string;
  toolCapability(toolName: string): Capability;
  /** Writes the host's hook or configuration for a project. Idempotent. */
  install(projectDir: string): Promise<void>;
  uninstall(projectDir: string): Promise<void>;
  /** Whether the host is wired to ssg. */
  healthCheck(): Promise<boolean>;
}
