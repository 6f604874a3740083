// The instruction that governs hosts without a hook of their own: call `ssg_evaluate` first, then obey it.
// One text for every prompt file (Cursor rule, CLAUDE_COWORK.md, copilot-instructions.md, replit.md), so the
// decisions read the same everywhere; `what` names the host's kinds of actions.
import { MCP_SERVER_NAME } from './mcp-server-entry';

export const GOVERNANCE_HEADING = 'SSG Governance';

export const governancePrompt = (what: string): string => `## ${GOVERNANCE_HEADING}

Before ${what}, call the \`ssg_evaluate\` tool of the \`${MCP_SERVER_NAME}\` MCP server with the tool's name and
input, and follow its decision:

- \`allow\`, \`log\` or \`shadow\`: go ahead.
- \`block\`: do not make the call; tell the user the reason.
- \`ask\`: ask the user and make the call only if they approve.
- \`force\`: make the substitute call it names instead.

If \`ssg_evaluate\` is unavailable, say so and make no destructive, irreversible or secret-related call.
`;
