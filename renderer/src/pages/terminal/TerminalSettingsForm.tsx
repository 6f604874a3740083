// The terminal's settings: auto-switch and its continue prompt, the stagger and its gap, and the opt-in usage API.
// Each group is saved on its own; the daemon checks the values (a gap outside 15–300 minutes is a 400) and its
// message is shown as it is.
import { type FormEvent, useEffect, useState } from 'react';
import type { TerminalSettings, TerminalSettingsUpdate } from '@ssg/contracts/terminal';
import { Notice } from '../../components/Notice';
import { useTerminal } from '../../stores/terminal';

export function TerminalSettingsForm({ settings }: { settings: TerminalSettings }) {
  const saveSettings = useTerminal((s) => s.saveSettings);
  const [prompt, setPrompt] = useState(settings.autoSwitch.continuePrompt);
  const [gap, setGap] = useState(String(settings.stagger.gapMinutes));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setPrompt(settings.autoSwitch.continuePrompt), [settings.autoSwitch.continuePrompt]);
  useEffect(() => setGap(String(settings.stagger.gapMinutes)), [settings.stagger.gapMinutes]);

  async function save(update: TerminalSettingsUpdate) {
    setBusy(true);
    setProblem(await saveSettings(update));
    setBusy(false);
  }

  function saveText(event: FormEvent) {
    event.preventDefault();
    // Sent as typed: the daemon says what is wrong with a gap, not this form.
    void save({
      autoSwitch: { ...settings.autoSwitch, continuePrompt: prompt },
      stagger: { ...settings.stagger, gapMinutes: Number(gap) },
    });
  }

  return (
    <section className="card terminal-settings" aria-labelledby="terminal-settings-title">
      <h2 id="terminal-settings-title">Settings</h2>
      {problem && <Notice kind="error">{problem}</Notice>}
      <form onSubmit={saveText}>
        <fieldset disabled={busy}>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.autoSwitch.enabled}
              onChange={(e) => void save({ autoSwitch: { ...settings.autoSwitch, enabled: e.target.checked } })}
            />
            Auto-switch: when an account reaches its limit, resume the conversation on the next account
          </label>
          <label className="stacked">
            <span>Continue prompt (the first message on the next account)</span>
            <textarea value={prompt} rows={2} maxLength={2_000} onChange={(e) => setPrompt(e.target.value)} />
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.stagger.enabled}
              onChange={(e) => void save({ stagger: { ...settings.stagger, enabled: e.target.checked } })}
            />
            Stagger: start the accounts’ 5-hour windows apart, so they do not all reset at once
          </label>
          <label className="stacked">
            <span>Gap between windows (minutes, 15–300)</span>
            <input type="number" inputMode="numeric" value={gap} onChange={(e) => setGap(e.target.value)} />
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.usageApi.enabled}
              onChange={(e) => void save({ usageApi: { enabled: e.target.checked } })}
            />
            Read usage from Anthropic’s usage API
          </label>
          <p className="hint">
            Usage for every account, even those without a pane, but ssg then uses each account’s Claude login to ask
            Anthropic (a grey zone of Anthropic’s terms); off, usage comes only from what Claude Code reports.
          </p>
          <div className="form-actions">
            <button type="submit" className="button">
              Save prompt and gap
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
