// Replit: no local `ssg` to start, so its agent reaches the hosted MCP server. A governance block in the
// project's replit.md asks for `ssg_evaluate` before every action; .ssg/replit-install.url holds the link that
// adds the hosted server to the Repl, and .ssg/replit-install.md says how to use it.
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { editFile } from '../config-edit/edit-file';
import { MARKDOWN_BLOCK_START, withMarkdownBlock, withoutMarkdownBlock } from '../config-edit/markdown-block';
import { MCP_SERVER_NAME } from '../install/mcp-server-entry';
import { textEntryProblem } from '../install/artifact-state';
import { governancePrompt } from '../install/governance-prompt';
import { hostedMcpUrl, LICENSE_KEY_VARIABLE } from '../install/hosted-mcp';

export const REPLIT_PROMPT = governancePrompt('every action (shell commands, file edits and reads, package installs)');

/**
 * The click-to-install link: the hosted server's install page for Replit, naming the server and its endpoint.
 * Replit documents no MCP deep link, so the page is ours to serve (an assumption the hosted side must meet).
 */
export function replitInstallUrl(mcpUrl: string): string {
  const query = new URLSearchParams({ client: 'replit', name: MCP_SERVER_NAME, url: `${mcpUrl}/mcp` });
  return `${mcpUrl}/install?${query.toString()}`;
}

const installGuide = (url: string, mcpUrl: string): string => `# Adding ssg governance to this Repl

1. Open this link while signed in to Replit:

   ${url}

2. Or add the MCP server by hand in the Replit Agent's integrations: name \`${MCP_SERVER_NAME}\`, URL
   \`${mcpUrl}/mcp\` (streamable HTTP), header \`Authorization: Bearer <your license key>\`.
3. Store the license key as the Replit Secret \`${LICENSE_KEY_VARIABLE}\`.

\`replit.md\` tells the agent to call \`ssg_evaluate\` before every action. Written by \`ssg init --client=replit\`;
\`ssg uninstall --client=replit\` removes it.
`;

const promptPath = (target: InstallTarget): string => join(target.projectDir, 'replit.md');
const urlPath = (target: InstallTarget): string => join(target.projectDir, '.ssg', 'replit-install.url');
const guidePath = (target: InstallTarget): string => join(target.projectDir, '.ssg', 'replit-install.md');
const promptNote = 'governance prompt block';

export const replitInstaller: AdapterInstaller = {
  install(target, report) {
    const mcpUrl = hostedMcpUrl();
    const url = replitInstallUrl(mcpUrl);
    editFile(promptPath(target), (current) => withMarkdownBlock(current, REPLIT_PROMPT), report, promptNote);
    // Both .ssg files are ssg's alone: install rewrites them, uninstall deletes them.
    editFile(urlPath(target), () => `${url}\n`, report, 'click-to-install link for the hosted MCP server');
    editFile(guidePath(target), () => installGuide(url, mcpUrl), report, 'how to use the link');
    report.addManualStep(`Open ${url} in Replit to add the hosted MCP server.`);
    report.addManualStep(`Store your license key as the Replit Secret \`${LICENSE_KEY_VARIABLE}\`.`);
  },
  uninstall(target, report) {
    editFile(promptPath(target), withoutMarkdownBlock, report, promptNote);
    editFile(urlPath(target), () => undefined, report, 'click-to-install link');
    editFile(guidePath(target), () => undefined, report, 'how to use the link');
  },
  // Replit runs the hosted server, so no local `ssg` is needed.
  problems(target) {
    return [
      textEntryProblem(promptPath(target), MARKDOWN_BLOCK_START, promptNote),
      textEntryProblem(urlPath(target), '/install?', 'click-to-install link'),
    ].filter((problem) => problem !== undefined);
  },
};
