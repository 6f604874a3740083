// Codex runs a hook only once its user has trusted it (the /hooks screen); an untrusted hook is skipped in silence,
// so an ssg install that stops at hooks.json governs nothing. `ssg init --client=codex` therefore writes the same
// trust entry /hooks writes, and says so in its output; `ssg doctor` reports a hook Codex would not run.
//
// The entry (Codex 0.169, verified with the real CLI: a hand-written entry makes `hooks/list` report "trusted"):
//   [hooks.state."<absolute hooks.json path>:pre_tool_use:<group index>:<handler index>"]
//   trusted_hash = "sha256:<hex of sha256 over the canonical JSON of the hook's identity>"
// The identity is {event_name, matcher, hooks: [{type, command, timeout, async: false, statusMessage?}]} with keys
// sorted at every level, absent fields left out and the timeout defaulting to 600; a changed hook no longer
// matches its hash ("modified"), which is what the user trusted.
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { ConfigFileError } from '../config-edit/config-file-error';
import { editFile } from '../config-edit/edit-file';
import type { JsonObject } from '../config-edit/json-config';
import { removeTomlTables, setTomlTable } from '../config-edit/toml-tables';
import type { InstallReport } from '../install/install-report';
import type { FoundHook } from '../install/pre-tool-use-hook';

const CODEX_DEFAULT_TIMEOUT_SECONDS = 600;

export interface HookTrust {
  key: string;
  hash: string;
}

/** The trust entry for our PreToolUse hook as it stands in `hooksPath`. */
export function hookTrust(hooksPath: string, { groupIndex, handlerIndex, group, hook }: FoundHook): HookTrust {
  const identity = {
    event_name: 'pre_tool_use',
    matcher: group.matcher,
    hooks: [
      {
        type: 'command',
        command: hook.command,
        timeout: typeof hook.timeout === 'number' ? hook.timeout : CODEX_DEFAULT_TIMEOUT_SECONDS,
        async: false,
        statusMessage: hook.statusMessage,
      },
    ],
  };
  const hash = createHash('sha256')
    .update(JSON.stringify(canonical(identity)))
    .digest('hex');
  return { key: `${hooksPath}:pre_tool_use:${groupIndex}:${handlerIndex}`, hash: `sha256:${hash}` };
}

/** Keys sorted at every level, null and undefined fields dropped: Codex's canonical form. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .filter((key) => (value as JsonObject)[key] !== null && (value as JsonObject)[key] !== undefined)
      .map((key) => [key, canonical((value as JsonObject)[key])]),
  );
}

const tableKey = (key: string): string => `hooks.state.${JSON.stringify(key)}`;

/** Writes (`trust`) or removes the trust entry in config.toml, leaving everything else byte for byte. */
export function editHookTrust(
  configPath: string,
  trust: HookTrust,
  action: 'trust' | 'forget',
  report: InstallReport,
): void {
  const note = `Codex's trust in the hook (hooks.state, as its /hooks screen writes it)`;
  editFile(
    configPath,
    (current) => {
      const text = current ?? '';
      const edited =
        action === 'trust'
          ? setTomlTable(
              text,
              tableKey(trust.key),
              `[${tableKey(trust.key)}]\ntrusted_hash = ${JSON.stringify(trust.hash)}\n`,
            )
          : removeTomlTables(text, tableKey(trust.key));
      if (edited === text) return current;
      const states = (parsed: Record<string, unknown>) => {
        const hooks = parsed.hooks as { state?: Record<string, unknown> } | undefined;
        return { ...parsed, hooks: { ...hooks, state: { ...hooks?.state, [trust.key]: undefined } } };
      };
      const before = parse(configPath, text);
      const after = parse(configPath, edited);
      const entry = (after.hooks as { state?: Record<string, { trusted_hash?: string }> } | undefined)?.state?.[
        trust.key
      ];
      const intended = action === 'trust' ? entry?.trusted_hash === trust.hash : entry === undefined;
      if (!intended || !isDeepStrictEqual(states(after), states(before))) {
        throw new ConfigFileError(
          configPath,
          'hooks.state is written in a form ssg cannot edit safely; trust the hook in /hooks instead',
        );
      }
      return edited.trim() === '' ? undefined : edited;
    },
    report,
    note,
  );
}

/** Whether config.toml trusts exactly this hook (enabled, same hash). */
export function isHookTrusted(configText: string, trust: HookTrust): boolean {
  try {
    const state = (
      parseToml(configText) as { hooks?: { state?: Record<string, { trusted_hash?: string; enabled?: boolean }> } }
    ).hooks?.state?.[trust.key];
    return state?.trusted_hash === trust.hash && state.enabled !== false;
  } catch {
    return false;
  }
}

function parse(path: string, text: string): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(parseToml(text))) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigFileError(path, `not valid TOML (${(error as Error).message.split('\n')[0]})`);
  }
}
