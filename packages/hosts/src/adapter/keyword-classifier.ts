// The shared keyword classifier: guesses a tool's capability from its name, for hosts (or tools) without an
// explicit map. The name is split into words (`run_terminal_command`, `getWeather`, `web-fetch`), an MCP
// prefix `mcp__<server>__` is dropped, and each word is matched by prefix against the keyword lists below.
// Lists are tried in this order, riskiest first, so a name with words of two kinds gets the riskier one
// (`read_url_content` → network, `delete_search_index` → write).
import type { Capability } from '@ssg/engine';

export const CAPABILITY_KEYWORDS: ReadonlyArray<readonly [Capability, readonly string[]]> = [
  ['execute', ['bash', 'shell', 'exec', 'run', 'command', 'terminal', 'powershell', 'kill']],
  [
    'write',
    [
      'write',
      'edit',
      'create',
      'patch',
      'delete',
      'move',
      'rename',
      'remove',
      'update',
      'insert',
      'replace',
      'save',
      'append',
    ],
  ],
  ['network', ['web', 'fetch', 'http', 'url', 'browse', 'download', 'upload', 'curl']],
  ['agent', ['agent', 'task', 'spawn', 'delegate', 'subagent']],
  ['read', ['read', 'view', 'open', 'cat', 'get', 'show', 'load']],
  ['search', ['grep', 'glob', 'search', 'find', 'list', 'ls', 'query', 'lookup']],
];

/**
 * The capability of a tool nobody mapped explicitly. No keyword → `execute`: an unknown tool may do
 * anything, so it gets the scrutiny of a shell command rather than slipping past execution rules.
 */
export const DEFAULT_CAPABILITY: Capability = 'execute';

export function classifyTool(toolName: string): Capability {
  return matchKeywords(toolName, CAPABILITY_KEYWORDS) ?? DEFAULT_CAPABILITY;
}

/** The first capability of `lists` with a keyword that starts one of the name's words; hosts may bring their own lists. */
export function matchKeywords(
  toolName: string,
  lists: ReadonlyArray<readonly [Capability, readonly string[]]>,
): Capability | undefined {
  const words = toolWords(toolName);
  for (const [capability, keywords] of lists) {
    if (words.some((word) => keywords.some((keyword) => word.startsWith(keyword)))) return capability;
  }
  return undefined;
}

/** `mcp__github__createIssue` → ['create', 'issue']; `run_terminal_command` → ['run', 'terminal', 'command']. */
export function toolWords(toolName: string): string[] {
  const withoutMcpPrefix = toolName.replace(/^mcp__.+?__/, '');
  return withoutMcpPrefix
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}
