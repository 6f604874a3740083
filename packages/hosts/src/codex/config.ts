// `~/.codex/config.toml`, shared by the codex and codex-desktop adapters: one `[mcp_servers.ssg-governance]`
// table serves both, found by name. A comment line in it lists the adapters that installed it; uninstalling
// one adapter takes its name off, and the table goes only when no name is left — so the two can be installed
// side by side and removed one at a time. Its SSG_CLIENT is codex-desktop whenever that adapter is listed,
// since the desktop's tool map covers every CLI tool name.
//
// Edits are textual (toml-tables.ts) and checked with smol-toml before and after: the file must parse, our
// table must come out as intended, and everything else must parse to exactly what it did before.
import { isDeepStrictEqual } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { ConfigFileError } from '../config-edit/config-file-error';
import { editFile } from '../config-edit/edit-file';
import type { InstallReport } from '../install/install-report';
import { governanceServer, MCP_SERVER_NAME, type McpServerEntry } from '../install/mcp-server-entry';
import { removeTomlTables, setTomlTable, tomlTableTexts } from '../config-edit/toml-tables';

export type CodexClient = 'codex' | 'codex-desktop';

const TABLE_KEY = `mcp_servers.${MCP_SERVER_NAME}`;
/** Codex from 0.134.0 on refuses to load a config.toml holding the `[[hooks]]` of older ssg versions. */
const LEGACY_HOOKS_KEY = 'hooks';
const OWNERS_COMMENT = /^#\s*installed by ssg init for:\s*(.*)$/m;

type TomlTable = Record<string, unknown>;

/** The parsed config as plain JSON data (smol-toml builds null-prototype objects and TomlDates). */
function parseConfig(path: string, text: string, problem: string): TomlTable {
  try {
    return JSON.parse(JSON.stringify(parseToml(text))) as TomlTable;
  } catch (error) {
    const first = (error as Error).message.split('\n')[0];
    throw new ConfigFileError(path, `${problem} (${first})`);
  }
}

function governanceEntry(config: TomlTable): unknown {
  const servers = config.mcp_servers;
  return typeof servers === 'object' && servers !== null ? (servers as TomlTable)[MCP_SERVER_NAME] : undefined;
}

/** The config without what ssg manages: our server and the legacy hooks. */
function userPart(config: TomlTable): TomlTable {
  const rest = { ...config };
  if (Array.isArray(rest[LEGACY_HOOKS_KEY])) delete rest[LEGACY_HOOKS_KEY];
  if (typeof rest.mcp_servers === 'object' && rest.mcp_servers !== null) {
    const servers = { ...(rest.mcp_servers as TomlTable) };
    delete servers[MCP_SERVER_NAME];
    if (Object.keys(servers).length === 0) delete rest.mcp_servers;
    else rest.mcp_servers = servers;
  }
  return rest;
}

/** The adapters listed in our table; a table of that name without the list was not written by this ssg. */
export function governanceOwners(text: string): CodexClient[] {
  const table = tomlTableTexts(text, TABLE_KEY)[0];
  const listed = table === undefined ? undefined : OWNERS_COMMENT.exec(table)?.[1];
  return (listed ?? '')
    .split(/\s+/)
    .filter((name): name is CodexClient => name === 'codex' || name === 'codex-desktop');
}

function expectedEntry(owners: readonly CodexClient[]): McpServerEntry {
  return governanceServer(owners.includes('codex-desktop') ? 'codex-desktop' : 'codex');
}

function renderTable(owners: readonly CodexClient[]): string {
  const entry = expectedEntry(owners);
  return [
    `[${TABLE_KEY}]`,
    `# installed by ssg init for: ${owners.join(' ')}`,
    `command = ${JSON.stringify(entry.command)}`,
    `args = [${entry.args.map((arg) => JSON.stringify(arg)).join(', ')}]`,
    `env = { SSG_CLIENT = ${JSON.stringify(entry.env.SSG_CLIENT)} }`,
    '',
  ].join('\n');
}

/**
 * Adds (`install`) or removes `client` from the owners of our table and strips legacy `[[hooks]]`. The file is
 * removed when nothing but what ssg wrote was in it.
 */
export function editCodexConfig(
  path: string,
  client: CodexClient,
  action: 'install' | 'uninstall',
  report: InstallReport,
): void {
  const note = `[${TABLE_KEY}] MCP server`;
  editFile(
    path,
    (current) => {
      const text = current ?? '';
      const before = parseConfig(path, text, 'not valid TOML; fix the file, then retry');
      const listed = governanceOwners(text);
      const owners =
        action === 'uninstall' ? listed.filter((owner) => owner !== client) : [...new Set([...listed, client])];
      const stripped = removeTomlTables(text, LEGACY_HOOKS_KEY, true);
      const edited =
        owners.length > 0
          ? setTomlTable(stripped, TABLE_KEY, renderTable(owners))
          : removeTomlTables(stripped, TABLE_KEY);
      if (edited === text) return current;
      const after = parseConfig(path, edited, `ssg's edit would not parse; remove [${TABLE_KEY}] by hand and retry`);
      const wanted = owners.length > 0 ? expectedEntry(owners) : undefined;
      if (!isDeepStrictEqual(governanceEntry(after), wanted) || !isDeepStrictEqual(userPart(after), userPart(before))) {
        throw new ConfigFileError(
          path,
          `${MCP_SERVER_NAME} or [[hooks]] is written in a form ssg cannot edit safely; remove it by hand and retry`,
        );
      }
      return edited.trim() === '' ? undefined : edited;
    },
    report,
    note,
  );
}

/** Whether the config registers ssg's MCP server under its name (whoever wrote it). */
export function hasGovernanceServer(text: string): boolean {
  try {
    return governanceEntry(parseToml(text) as TomlTable) !== undefined;
  } catch {
    return false;
  }
}

/** Whether the config still holds a `[[hooks]]` array of older ssg versions. */
export function hasLegacyHooks(text: string): boolean {
  try {
    return Array.isArray((parseToml(text) as TomlTable)[LEGACY_HOOKS_KEY]);
  } catch {
    return false;
  }
}
