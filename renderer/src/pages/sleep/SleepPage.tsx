// Sleep at Night: one switch, how long, a countdown, each layer's state and the ten rules it arms.
import { useEffect, useId, useState } from 'react';
import type { SleepLayers } from '@ssg/contracts/sleep-mode';
import { DecisionBadge } from '../../components/DecisionBadge';
import { formatDateTime, formatDuration } from '../../components/format';
import { Notice } from '../../components/Notice';
import { useNow } from '../../components/use-now';
import { useRules } from '../../stores/rules';
import { useSleep } from '../../stores/sleep';
import { customDuration, PRESETS, type PresetId } from './durations';

const LAYERS: Array<{
  key: keyof Pick<SleepLayers, 'rules' | 'selfProtection' | 'failClosed' | 'watch'>;
  name: string;
  what: string;
}> = [
  { key: 'rules', name: 'Night rules', what: 'The ten rules below are loaded for every agent.' },
  { key: 'selfProtection', name: 'Self-protection', what: 'Agents cannot disable ssg; stays on afterwards.' },
  { key: 'failClosed', name: 'Fail closed', what: 'If the daemon stops, hooks block instead of allowing.' },
  { key: 'watch', name: 'Rule watching', what: 'Rule file changes apply at once.' },
];

function Countdown({ until }: { until: number }) {
  const now = useNow(1000);
  return (
    <p className="countdown" aria-live="off">
      <span className="countdown-value" data-testid="sleep-countdown">
        {formatDuration(until - now)}
      </span>
      <span className="muted"> left · ends {formatDateTime(until)}</span>
    </p>
  );
}

export function SleepPage() {
  const { data, error, busy, load, change } = useSleep();
  const rules = useRules();
  const [preset, setPreset] = useState<PresetId | 'custom'>('8h');
  const [days, setDays] = useState('');
  const [hours, setHours] = useState('');
  const id = useId();
  useEffect(() => {
    void load();
    void rules.load();
  }, [load, rules.load]);

  const custom = customDuration(days, hours);
  const customProblem =
    preset === 'custom' && (days !== '' || hours !== '') && 'problem' in custom ? custom.problem : null;

  function turnOn() {
    if (preset === 'custom') {
      if ('ms' in custom) void change({ enabled: true, forMs: custom.ms });
      return;
    }
    const forMs = PRESETS.find((p) => p.id === preset)?.forMs(new Date()) ?? null;
    void change(forMs === null ? { enabled: true } : { enabled: true, forMs });
  }

  if (!data) return error ? <Notice kind="error">{error}</Notice> : <p className="muted">Loading…</p>;
  const on = data.enabled;
  return (
    <div className="page">
      <header className="page-header">
        <h1>Sleep at Night</h1>
        <p className="lede">Stricter rules for the hours nobody is watching the agents.</p>
      </header>
      {error && <Notice kind="error">{error}</Notice>}
      {data.problem && <Notice kind="error">{data.problem}</Notice>}
      <section className={`card sleep-hero${on ? ' is-on' : ''}`}>
        <div className="sleep-state">
          <span className="status-dot" aria-hidden="true" />
          <div>
            <h2>{on ? 'Protection is on' : 'Protection is off'}</h2>
            {on && data.mode === 'timed' && data.until !== null && <Countdown until={data.until} />}
            {on && data.mode === 'indefinite' && <p className="muted">Until you turn it off.</p>}
            {!on && <p className="muted">Agents run under your everyday rules.</p>}
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-label="Sleep at Night"
            className="big-switch"
            disabled={busy || (!on && preset === 'custom' && !('ms' in custom))}
            onClick={() => (on ? void change({ enabled: false }) : turnOn())}
          >
            <span className="big-switch-knob" />
          </button>
        </div>
        <fieldset className="durations" disabled={busy}>
          <legend>{on ? 'Restart for' : 'Turn on for'}</legend>
          <div className="chips">
            {PRESETS.map((p) => (
              <label key={p.id} className={`chip${preset === p.id ? ' selected' : ''}`}>
                <input type="radio" name="sleep-duration" checked={preset === p.id} onChange={() => setPreset(p.id)} />
                {p.label}
              </label>
            ))}
            <label className={`chip${preset === 'custom' ? ' selected' : ''}`}>
              <input
                type="radio"
                name="sleep-duration"
                checked={preset === 'custom'}
                onChange={() => setPreset('custom')}
              />
              Custom
            </label>
          </div>
          {preset === 'custom' && (
            <div className="custom-duration">
              <label htmlFor={`${id}-days`}>Days</label>
              <input id={`${id}-days`} inputMode="decimal" value={days} onChange={(e) => setDays(e.target.value)} />
              <label htmlFor={`${id}-hours`}>Hours</label>
              <input id={`${id}-hours`} inputMode="decimal" value={hours} onChange={(e) => setHours(e.target.value)} />
              <span className={customProblem ? 'field-problem' : 'hint'} role={customProblem ? 'alert' : undefined}>
                {customProblem ?? 'Up to 30 days.'}
              </span>
            </div>
          )}
          {on && (
            <button
              type="button"
              className="button"
              onClick={turnOn}
              disabled={preset === 'custom' && !('ms' in custom)}
            >
              Restart with this duration
            </button>
          )}
        </fieldset>
      </section>
      <section className="card" aria-labelledby="layers-title">
        <h2 id="layers-title">Layers</h2>
        <ul className="layer-list">
          {LAYERS.map((layer) => {
            const active = data.layers[layer.key].active;
            return (
              <li key={layer.key} data-testid={`layer-${layer.key}`}>
                <span className={`pill ${active ? 'pill-on' : 'pill-off'}`}>{active ? 'Armed' : 'Off'}</span>
                <div>
                  <strong>{layer.name}</strong>
                  <div className="muted">{layer.what}</div>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="card" aria-labelledby="bundle-title">
        <h2 id="bundle-title">The ten rules</h2>
        {rules.error && <Notice kind="error">{rules.error}</Notice>}
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Decision</th>
              <th scope="col">What it does</th>
            </tr>
          </thead>
          <tbody>
            {(rules.data?.sleepBundle ?? []).map((rule) => (
              <tr key={rule.id}>
                <th scope="row">{rule.category.replace(/-/g, ' ')}</th>
                <td>
                  <DecisionBadge decision={rule.decision} />
                </td>
                <td>{rule.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
