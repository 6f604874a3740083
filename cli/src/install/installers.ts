// The adapters `ssg init` can install, by name: every adapter but generic, which has nothing to install.
import type { AdapterInstaller } from './adapter-installer';
import { aiderInstaller } from './installers/aider';
import { antigravityInstaller } from './installers/antigravity';
import { claudeCodeInstaller } from './installers/claude-code';
import { claudeCoworkInstaller } from './installers/claude-cowork';
import { codexInstaller } from './installers/codex';
import { codexDesktopInstaller } from './installers/codex-desktop';
import { copilotInstaller } from './installers/copilot';
import { cursorInstaller } from './installers/cursor';
import { grokBotInstaller } from './installers/grok-bot';
import { nemoclawInstaller } from './installers/nemoclaw';
import { opencodeInstaller } from './installers/opencode';
import { piInstaller } from './installers/pi';
import { replitInstaller } from './installers/replit';

const INSTALLERS: Readonly<Record<string, AdapterInstaller>> = {
  'claude-code': claudeCodeInstaller,
  codex: codexInstaller,
  'codex-desktop': codexDesktopInstaller,
  aider: aiderInstaller,
  antigravity: antigravityInstaller,
  nemoclaw: nemoclawInstaller,
  opencode: opencodeInstaller,
  pi: piInstaller,
  cursor: cursorInstaller,
  'claude-cowork': claudeCoworkInstaller,
  copilot: copilotInstaller,
  replit: replitInstaller,
  'grok-bot': grokBotInstaller,
};

export const installerFor = (client: string): AdapterInstaller | undefined =>
  Object.hasOwn(INSTALLERS, client) ? INSTALLERS[client] : undefined;
