// An account for the real Claude Code: a config folder (CLAUDE_CONFIG_DIR) holding a claude.ai OAuth login in
// `.credentials.json`, as `claude /login` leaves it on Linux, and a `.claude.json` that lets interactive claude start
// straight at the prompt in one folder (no onboarding, no trust dialog). Fake tokens only: the API is FakeMessagesApi.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@ssg/node/atomic-write';

export interface ClaudeAccountOptions {
  /** The config folder to create. */
  configDir: string;
  /** Goes into the tokens (`sk-ant-oat01-fake-<label>`), so each request tells which account sent it. */
  label: string;
  /** The folder claude will run in: trusted up front. */
  cwd: string;
  /**
   * Where `.claude.json` goes: in the config folder by default; `~/.claude.json` for the machine's own login, which
   * runs without CLAUDE_CONFIG_DIR and keeps that file beside `~/.claude`, not in it.
   */
  settingsPath?: string;
  /** Another account's config folder whose `projects/` (the transcripts) this one shares through a symlink. */
  shareProjectsOf?: string;
}

export interface ClaudeAccount {
  configDir: string;
  accessToken: string;
  credentialsPath: string;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function makeClaudeAccount(options: ClaudeAccountOptions): ClaudeAccount {
  const { configDir, label, cwd } = options;
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const accessToken = `sk-ant-oat01-fake-${label}`;
  const credentialsPath = join(configDir, '.credentials.json');
  const credentials = {
    claudeAiOauth: {
      accessToken,
      refreshToken: `sk-ant-ort01-fake-${label}`,
      // Far off, so claude never tries to refresh (the refresh endpoint is not on loopback).
      expiresAt: Date.now() + YEAR_MS,
      scopes: ['user:inference', 'user:profile', 'user:sessions:claude_code'],
      subscriptionType: 'max',
    },
  };
  writeFileAtomic(credentialsPath, JSON.stringify(credentials), { mode: 0o600 });
  const settings = { hasCompletedOnboarding: true, projects: { [cwd]: { hasTrustDialogAccepted: true } } };
  writeFileAtomic(options.settingsPath ?? join(configDir, '.claude.json'), JSON.stringify(settings, null, 2), {
    mode: 0o600,
  });
  if (options.shareProjectsOf) {
    const shared = join(options.shareProjectsOf, 'projects');
    mkdirSync(shared, { recursive: true });
    symlinkSync(shared, join(configDir, 'projects'));
  }
  return { configDir, accessToken, credentialsPath };
}
