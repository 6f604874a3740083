// Codex desktop: the Codex app, told apart from the CLI only by `SSG_CLIENT=codex-desktop` (both share
// `~/.codex/config.toml`). Its calls arrive in Codex's PreToolUse shape and are answered like the CLI's.
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { formatCodexHookOutput } from '../codex/adapter';
import { type DetectableAdapter, detector, type HostSignals } from '../adapter/host-detection';
import { parsePreToolUsePayload } from '../adapter/pre-tool-use';

export const CODEX_DESKTOP_TOOLS = capabilityMap({
  execute: ['bash', 'shell', 'local_shell', 'unified_exec', 'command', 'computer_use', 'click', 'type', 'key'],
  write: ['apply_patch', 'update_plan'],
  read: ['view_image', 'screenshot'],
  network: ['web_search', 'in_app_browser'],
});

const signals: HostSignals = {};
const toolCapability = mappedCapability(CODEX_DESKTOP_TOOLS);

export const codexDesktopAdapter: DetectableAdapter = {
  name: 'codex-desktop',
  signals,
  detect: detector('codex-desktop', signals),
  parseInput: (raw) => parsePreToolUsePayload(raw, 'codex-desktop', toolCapability),
  formatOutput: formatCodexHookOutput,
  toolCapability,
};
