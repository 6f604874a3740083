// The adapters `ssg init` can install, by name. An adapter missing here has its install still to come.
import type { AdapterInstaller } from './adapter-installer';
import { claudeCodeInstaller } from './installers/claude-code';
import { codexInstaller } from './installers/codex';
import { codexDesktopInstaller } from './installers/codex-desktop';

const INSTALLERS: Readonly<Record<string, AdapterInstaller>> = {
  'claude-code': claudeCodeInstaller,
  codex: codexInstaller,
  'codex-desktop': codexDesktopInstaller,
};

export const installerFor = (client: string): AdapterInstaller | undefined =>
  Object.hasOwn(INSTALLERS, client) ? INSTALLERS[client] : undefined;
