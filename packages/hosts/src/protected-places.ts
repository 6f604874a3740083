// What the self-protection guard (@ssg/engine's self-protection/) protects on this machine: the ssg home wherever
// SSG_HOME puts it, its credentials (daemon.token, admin.token, and hosts.toml with the fleet sign-in's tokens),
// and the user-wide host configuration files that carry ssg's hooks, wherever the hosts' own variables put them.
// Project-level host files (.claude/settings.json in a repository, …) are matched by name by the bundled
// ssg_self_host_hooks rule.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ProtectedPlaces } from '@ssg/engine';
import { adminCredentialPath, daemonTokenPath, readDaemonFile } from '@ssg/node/daemon-file';
import { realPathOrSelf } from '@ssg/node/fs-probe';
import { hostsFilePath } from '@ssg/node/sso/hosts-path';
import { claudeConfigDir, codexHome, copilotHome } from './host-homes';

export function protectedPlaces(home: string, env: NodeJS.ProcessEnv): ProtectedPlaces {
  const userHome = resolve(env.HOME || homedir());
  const ssgHome = resolve(home);
  const claude = claudeConfigDir(env, userHome);
  const codex = codexHome(env, userHome);
  const daemonPid = readDaemonFile(ssgHome)?.pid;
  return {
    userHome,
    ssgHome,
    secrets: [daemonTokenPath(ssgHome), adminCredentialPath(ssgHome), hostsFilePath(ssgHome)],
    hostConfigs: [
      join(claude, 'settings.json'),
      join(claude, 'settings.local.json'),
      join(codex, 'config.toml'),
      join(codex, 'hooks.json'),
      join(copilotHome(env, userHome), 'hooks', 'ssg-governance.json'),
      join(userHome, '.config', 'opencode', 'opencode.json'),
      join(userHome, '.config', 'opencode', 'plugins', 'ssg-governance.js'),
      join(userHome, '.cursor', 'hooks.json'),
      join(userHome, '.cursor', 'mcp.json'),
    ].map((path) => resolve(path)),
    env: { ...env, SSG_HOME: ssgHome },
    realPath: realPathOrSelf,
    ...(daemonPid !== undefined ? { daemonPid } : {}),
  };
}
