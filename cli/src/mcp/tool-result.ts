// Tool results as the MCP client sees them: compact JSON text, or a tool error (`isError: true`) whose text says
// what went wrong. Errors the caller can fix never escape as exceptions: a tool call must not bring the server
// down, and the model reads the text to correct itself.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InvalidToolCallError } from '@ssg/hosts/adapter/invalid-tool-call';
import { adapterNames, UnknownClientError } from '@ssg/hosts/registry';
import { RulesUnusableError } from '@ssg/node/rules/rules-unusable';

/** A fault in the arguments of a tool call that the tool found itself (beyond the input schema). */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

export function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Runs a tool body, turning every failure into a tool error; unexpected ones are also logged to stderr. */
export async function guarded(
  tool: string,
  body: () => CallToolResult | Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ToolInputError || error instanceof InvalidToolCallError) return toolError(error.message);
    if (error instanceof RulesUnusableError) {
      return toolError(`${error.message} — check the permissions of the rule folders`);
    }
    if (error instanceof UnknownClientError) {
      return toolError(`${error.message} — use one of: ${adapterNames().join(', ')}`);
    }
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(`ssg mcp-server: ${tool}: internal error: ${detail}\n`);
    if (process.env.SSG_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    return toolError(`internal error in ${tool}: ${detail} — this is a bug in ssg`);
  }
}
