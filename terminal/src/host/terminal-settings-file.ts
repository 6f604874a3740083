// The terminal's settings in `<ssg home>/terminal-settings.json`: the stagger (spec: `stagger.enabled`,
// `stagger.gapMinutes`), the auto-switch (our names, switching/auto-switch-settings.ts) and whether usage is read
// from Anthropic's usage endpoint. A missing file reads as the defaults; a damaged one reads as the defaults too,
// with the problem kept for the log (the terminal must open either way), and is replaced on the next change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TerminalSettings, TerminalSettingsUpdate } from '@ssg/contracts/terminal';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import {
  checkAutoSwitchSettings,
  checkStaggerSettings,
  DEFAULT_AUTO_SWITCH_SETTINGS,
  DEFAULT_STAGGER_SETTINGS,
} from '../switching';

export const terminalSettingsPath = (ssgHome: string): string => join(ssgHome, 'terminal-settings.json');

/**
 * Off by default: reading the endpoint means handing each account's token to a service Anthropic does not document
 * for third parties (research §6); Claude Code's own status line reports the same numbers for accounts in use.
 */
const DEFAULT_USAGE_API = { enabled: false };

export const DEFAULT_TERMINAL_SETTINGS: TerminalSettings = {
  stagger: { ...DEFAULT_STAGGER_SETTINGS },
  autoSwitch: { ...DEFAULT_AUTO_SWITCH_SETTINGS },
  usageApi: DEFAULT_USAGE_API,
};

/** A change the settings refuse, with the message for the caller's 400. */
export class SettingsRejected extends Error {
  override readonly name = 'SettingsRejected';
}

export class TerminalSettingsFile {
  private current: TerminalSettings;
  /** Why the file on disk was not used, if it was not. */
  readonly problem: string | undefined;

  constructor(private readonly ssgHome: string) {
    const { settings, problem } = readSettings(terminalSettingsPath(ssgHome));
    this.current = settings;
    this.problem = problem;
  }

  get(): TerminalSettings {
    return structuredClone(this.current);
  }

  /** Applies the groups the update names, validated as a whole before anything is written. */
  update(update: TerminalSettingsUpdate): TerminalSettings {
    const next = applyUpdate(this.current, update);
    writeFileAtomic(terminalSettingsPath(this.ssgHome), `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    this.current = next;
    return this.get();
  }
}

function applyUpdate(current: TerminalSettings, update: Record<string, unknown>): TerminalSettings {
  const next = structuredClone(current);
  for (const [group, value] of Object.entries(update)) {
    if (group === 'stagger') {
      const checked = checkStaggerSettings(value);
      if (!checked.ok) throw new SettingsRejected(checked.message);
      next.stagger = checked.settings;
    } else if (group === 'autoSwitch') {
      const checked = checkAutoSwitchSettings(value);
      if (!checked.ok) throw new SettingsRejected(checked.message);
      next.autoSwitch = checked.settings;
    } else if (group === 'usageApi') {
      const enabled = (value as { enabled?: unknown } | null)?.enabled;
      if (typeof enabled !== 'boolean') throw new SettingsRejected('usageApi.enabled must be true or false');
      next.usageApi = { enabled };
    } else {
      throw new SettingsRejected(
        `unknown setting ${JSON.stringify(group)}: the groups are stagger, autoSwitch, usageApi`,
      );
    }
  }
  return next;
}

function readSettings(path: string): { settings: TerminalSettings; problem?: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { settings: structuredClone(DEFAULT_TERMINAL_SETTINGS) };
    return { settings: structuredClone(DEFAULT_TERMINAL_SETTINGS), problem: `${path} cannot be read (${code})` };
  }
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const groups = Object.fromEntries(
      Object.entries(parsed ?? {}).filter(([group]) => group in DEFAULT_TERMINAL_SETTINGS),
    );
    return { settings: applyUpdate(DEFAULT_TERMINAL_SETTINGS, groups) };
  } catch (error) {
    const why = error instanceof SettingsRejected ? error.message : 'it is not valid JSON';
    return { settings: structuredClone(DEFAULT_TERMINAL_SETTINGS), problem: `${path} is ignored: ${why}` };
  }
}
