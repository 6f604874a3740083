// `ssg_doctor` (group `doctor`): for every adapter ssg knows, whether its host is detected and wired to ssg.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ADAPTERS } from '@ssg/hosts/registry';
import type { ToolContext } from './tool-context';
import { guarded, jsonResult } from './tool-result';

export function registerDoctorTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'ssg_doctor',
    { description: 'Per client adapter: detected, installed (hook or config wired to ssg).' },
    () =>
      guarded('ssg_doctor', async () => {
        const adapters = await Promise.all(
          ADAPTERS.map(async (adapter) => ({
            name: adapter.name,
            detected: adapter.detect(),
            installed: await adapter.healthCheck().catch(() => false),
          })),
        );
        return jsonResult({ client: context.adapter.name, adapters });
      }),
  );
}
