// Settings of the auto-switch (the spec leaves their names to us):
//   autoSwitch.enabled        boolean, default true
//   autoSwitch.continuePrompt string,  default "Please continue where you left off."
// On by default: moving a conversation on at the limit is what a second account is added for, and with one account
// there is nothing to switch to, so the setting only acts once the user has added another account. The prompt is
// short and neutral so the agent picks up its own plan from the resumed transcript rather than a new instruction.
import { describeValue, isPlainObject, type SettingsCheck } from './settings-check';

export interface AutoSwitchSettings {
  enabled: boolean;
  /** Sent as the first message of the resumed conversation: `claude --resume <session id> '<continuePrompt>'`. */
  continuePrompt: string;
}

export const DEFAULT_AUTO_SWITCH_SETTINGS: Readonly<AutoSwitchSettings> = {
  enabled: true,
  continuePrompt: 'Please continue where you left off.',
};

const MAX_PROMPT_CHARS = 2000;

export function checkAutoSwitchSettings(input: unknown): SettingsCheck<AutoSwitchSettings> {
  if (!isPlainObject(input)) return { ok: false, message: `autoSwitch must be an object, got ${describeValue(input)}` };
  const { enabled, continuePrompt } = input;
  if (typeof enabled !== 'boolean') {
    return { ok: false, message: `autoSwitch.enabled must be true or false, got ${describeValue(enabled)}` };
  }
  if (typeof continuePrompt !== 'string') {
    return { ok: false, message: `autoSwitch.continuePrompt must be a string, got ${describeValue(continuePrompt)}` };
  }
  const prompt = continuePrompt.trim();
  if (prompt === '') return { ok: false, message: 'autoSwitch.continuePrompt must not be empty' };
  if (prompt.length > MAX_PROMPT_CHARS) {
    return { ok: false, message: `autoSwitch.continuePrompt must be at most ${MAX_PROMPT_CHARS} characters` };
  }
  // It is one argument of the agent's command line: a leading "-" would be read as an option, and no argument can
  // hold a NUL.
  if (prompt.startsWith('-')) return { ok: false, message: 'autoSwitch.continuePrompt must not start with "-"' };
  if (prompt.includes('\0'))
    return { ok: false, message: 'autoSwitch.continuePrompt must not contain a NUL character' };
  return { ok: true, settings: { enabled, continuePrompt: prompt } };
}
