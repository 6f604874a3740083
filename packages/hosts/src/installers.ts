// The adapters `ssg init` can install, by name: every adapter but generic, which has nothing to install.
import type { AdapterInstaller } from './install/adapter-installer';
import { aiderInstaller } from './aider/installer';
import { antigravityInstaller } from './antigravity/installer';
import { claudeCodeInstaller } from './claude-code/installer';
import { claudeCoworkInstaller } from './claude-cowork/installer';
import { codexInstaller } from './codex/installer';
import { codexDesktopInstaller } from './codex-desktop/installer';
import { copilotInstaller } from './copilot/installer';
import { cursorInstaller } from './cursor/installer';
import { grokBotInstaller } from './grok-bot/installer';
import { nemoclawInstaller } from './nemoclaw/installer';
import { opencodeInstaller } from './opencode/installer';
import { piInstaller } from './pi/installer';
import { replitInstaller } from './replit/installer';

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
