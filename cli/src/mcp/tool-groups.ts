// `SSG_MCP_TOOLS`: the comma-separated tool groups a user opts in to beyond the core four. The core stays small
// because every tool's schema is sent to the model with every request (the spec's budget: about 428 tokens).
export const TOOL_GROUPS = ['onboarding', 'doctor', 'authoring'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

export interface ParsedToolGroups {
  groups: Set<ToolGroup>;
  /** Names that are not groups, for a warning. */
  unknown: string[];
}

export function parseToolGroups(value: string | undefined): ParsedToolGroups {
  const parsed: ParsedToolGroups = { groups: new Set(), unknown: [] };
  for (const word of (value ?? '').split(',')) {
    const name = word.trim().toLowerCase();
    if (name === '') continue;
    if ((TOOL_GROUPS as readonly string[]).includes(name)) parsed.groups.add(name as ToolGroup);
    else parsed.unknown.push(name);
  }
  return parsed;
}
