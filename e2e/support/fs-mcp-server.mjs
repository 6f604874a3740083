// A small filesystem MCP server (stdio) for the red-team suite: `write_file` and `read_file`, the kind of tools an
// agent gets from third-party MCP servers. ssg's hook sees their calls like any other tool call.
import { readFileSync, writeFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'fs', version: '1.0.0' });
server.registerTool(
  'write_file',
  { description: 'Write a file', inputSchema: { path: z.string(), content: z.string() } },
  ({ path, content }) => {
    writeFileSync(path, content);
    return { content: [{ type: 'text', text: `wrote ${path}` }] };
  },
);
server.registerTool('read_file', { description: 'Read a file', inputSchema: { path: z.string() } }, ({ path }) => ({
  content: [{ type: 'text', text: readFileSync(path, 'utf8') }],
}));
await server.connect(new StdioServerTransport());
