import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkAutoSwitchSettings, DEFAULT_AUTO_SWITCH_SETTINGS } from './auto-switch-settings';

describe('checkAutoSwitchSettings', () => {
  it('accepts the defaults and trims the prompt', () => {
    assert.deepEqual(checkAutoSwitchSettings(DEFAULT_AUTO_SWITCH_SETTINGS), {
      ok: true,
      settings: DEFAULT_AUTO_SWITCH_SETTINGS,
    });
    assert.deepEqual(checkAutoSwitchSettings({ enabled: false, continuePrompt: '  Go on.\n' }), {
      ok: true,
      settings: { enabled: false, continuePrompt: 'Go on.' },
    });
  });

  const refused: [unknown, string][] = [
    [null, 'autoSwitch must be an object, got null'],
    [[], 'autoSwitch must be an object, got an array'],
    [{ enabled: 'yes', continuePrompt: 'Go on.' }, 'autoSwitch.enabled must be true or false, got a string'],
    [{ enabled: true }, 'autoSwitch.continuePrompt must be a string, got no value'],
    [{ enabled: true, continuePrompt: '   ' }, 'autoSwitch.continuePrompt must not be empty'],
    [{ enabled: true, continuePrompt: 'x'.repeat(2001) }, 'autoSwitch.continuePrompt must be at most 2000 characters'],
    [
      { enabled: true, continuePrompt: '--dangerously-skip-permissions' },
      'autoSwitch.continuePrompt must not start with "-"',
    ],
    [{ enabled: true, continuePrompt: 'a\0b' }, 'autoSwitch.continuePrompt must not contain a NUL character'],
  ];
  for (const [input, message] of refused) {
    it(`refuses ${JSON.stringify(input)?.slice(0, 60)}`, () =>
      assert.deepEqual(checkAutoSwitchSettings(input), { ok: false, message }));
  }
});
