// Every adapter ssg knows, and which one serves the current process: an explicit name or `SSG_CLIENT` when
// set, else detection, else `generic`. Here each host's wire adapter meets its installer: the spec's
// ClientAdapter, whose install steps load the installers on first use (the hooks import the wire adapters
// alone and never carry install code or the config editors).
import { aiderAdapter } from './aider/adapter';
import { antigravityAdapter } from './antigravity/adapter';
import { claudeCodeAdapter } from './claude-code/adapter';
import { claudeCoworkAdapter } from './claude-cowork/adapter';
import { codexAdapter } from './codex/adapter';
import { codexDesktopAdapter } from './codex-desktop/adapter';
import { copilotAdapter } from './copilot/adapter';
import { cursorAdapter } from './cursor/adapter';
import { genericAdapter } from './generic/adapter';
import { grokBotAdapter } from './grok-bot/adapter';
import { type DetectableAdapter, detectedByEnvironment, detectedByFolders } from './adapter/host-detection';
import { nemoclawAdapter } from './nemoclaw/adapter';
import { opencodeAdapter } from './opencode/adapter';
import { piAdapter } from './pi/adapter';
import { replitAdapter } from './replit/adapter';
import type { ClientAdapter, WireAdapter } from './adapter/types';
import { installTarget } from './install/adapter-installer';
import { InstallReport } from './install/install-report';

/**
 * The specific hosts in detection order. Variables set by an agent process come first, the more specific
 * before the less: Cowork before Claude Code (Cowork may carry Claude Code's variables too), and the
 * platform-wide ones last — a NemoClaw sandbox or a Repl hosts whichever agent runs in it, and a
 * `GITHUB_COPILOT_TOKEN` in a shell profile is there for every program.
 */
export const HOST_ADAPTERS: ReadonlyArray<DetectableAdapter & ClientAdapter> = [
  withInstaller(claudeCoworkAdapter),
  withInstaller(claudeCodeAdapter),
  withInstaller(codexAdapter),
  withInstaller(codexDesktopAdapter),
  withInstaller(antigravityAdapter),
  withInstaller(cursorAdapter),
  withInstaller(grokBotAdapter),
  withInstaller(aiderAdapter),
  withInstaller(piAdapter),
  withInstaller(opencodeAdapter),
  withInstaller(nemoclawAdapter),
  withInstaller(replitAdapter),
  withInstaller(copilotAdapter),
];

const GENERIC = withInstaller(genericAdapter);

/** All adapters, as users see them listed: by name, generic (the fallback) last. */
export const ADAPTERS: readonly ClientAdapter[] = [
  ...[...HOST_ADAPTERS].sort((a, b) => a.name.localeCompare(b.name)),
  GENERIC,
];

export const adapterNames = (): string[] => ADAPTERS.map((adapter) => adapter.name);

export function adapterNamed(name: string): ClientAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.name === name);
}

export class UnknownClientError extends Error {
  override readonly name = 'UnknownClientError';
  constructor(readonly client: string) {
    super(`unknown client '${client}'`);
  }
}

/** The adapter for an explicit name, else for `SSG_CLIENT`, else by detection. */
export function selectAdapter(explicit?: string): ClientAdapter {
  const requested = explicit ?? (process.env.SSG_CLIENT || undefined);
  if (requested !== undefined) {
    const adapter = adapterNamed(requested);
    if (!adapter) throw new UnknownClientError(requested);
    return adapter;
  }
  return detectHost() ?? GENERIC;
}

/**
 * The host this process runs under. Every adapter's variables are tried before any folder: a variable says an
 * agent started this process, while `~/.cursor` or `~/.vscode` only says the program is installed somewhere.
 */
export function detectHost(): (DetectableAdapter & ClientAdapter) | undefined {
  return (
    HOST_ADAPTERS.find((adapter) => detectedByEnvironment(adapter.name, adapter.signals)) ??
    HOST_ADAPTERS.find((adapter) => detectedByFolders(adapter.signals))
  );
}

/**
 * The adapter with its host's install steps, the installer loaded on first use. Generic has no installer: its
 * callers pipe tool calls into `ssg eval` themselves, so it installs nothing and is always healthy.
 */
function withInstaller<Adapter extends WireAdapter>(adapter: Adapter): Adapter & ClientAdapter {
  const installer = async () => (await import('./installers')).installerFor(adapter.name);
  return {
    ...adapter,
    install: async (projectDir) => (await installer())?.install(installTarget(projectDir), new InstallReport()),
    uninstall: async (projectDir) => (await installer())?.uninstall(installTarget(projectDir), new InstallReport()),
    healthCheck: async () => ((await installer())?.problems(installTarget()) ?? []).length === 0,
  };
}
