// Grok bot (plugin `<service>-guardrails`): calls `ssg_evaluate` over MCP, locally through
// `ssg mcp-server --client=grok-bot` or on the hosted server. The plugin and init pin the client by name
// (`SSG_CLIENT=grok-bot` / `--client=grok-bot`, never `grok`); Grok sets no variable of its own to detect.
// The spec gives no tool map, so every tool goes to the keyword classifier.
import { genericHostAdapter } from '../adapter/generic-host';
import type { DetectableAdapter } from '../adapter/host-detection';
import { classifyTool } from '../adapter/keyword-classifier';

export const grokBotAdapter: DetectableAdapter = {
  ...genericHostAdapter('grok-bot', {}, classifyTool),
};
