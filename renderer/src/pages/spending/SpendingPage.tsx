// Spending: the mode, live meters per cap and window, dollars and calls over time by client, and the caps editor.
import { useEffect } from 'react';
import { BUDGET_MODES, BUDGET_WINDOWS, type BudgetMode, type ScopeSpend } from '@ssg/contracts/budget';
import { formatCount, formatUsd } from '../../components/format';
import { Meter } from '../../components/Meter';
import { Notice } from '../../components/Notice';
import { useNow } from '../../components/use-now';
import { useBudget } from '../../stores/budget';
import { useSpendHistory } from '../../stores/spend-history';
import { CapsEditor } from './CapsEditor';
import { WINDOW_LABELS } from './cap-drafts';
import { SpendChart, seriesClass } from './SpendChart';

export const MODE_EXPLANATIONS: Record<BudgetMode, string> = {
  off: 'Nothing is counted against caps and nothing is blocked.',
  monitor: 'Spend is counted and shown here; agents are never told or stopped.',
  warn: 'Agents get a warning when a cap is near (at the warn level) or passed; calls still run.',
  enforce: 'Calls over a cap are blocked until the window resets.',
};

function ModeSwitch({ mode }: { mode: BudgetMode }) {
  const setMode = useBudget((s) => s.setMode);
  const saving = useBudget((s) => s.saving);
  return (
    <fieldset className="segmented" disabled={saving}>
      <legend>Mode</legend>
      <div className="segmented-options">
        {BUDGET_MODES.map((option) => (
          <label key={option} className={option === mode ? 'selected' : undefined}>
            <input
              type="radio"
              name="budget-mode"
              value={option}
              checked={option === mode}
              onChange={() => void setMode(option)}
            />
            {option[0]?.toUpperCase() + option.slice(1)}
          </label>
        ))}
      </div>
      <p className="hint">{MODE_EXPLANATIONS[mode]}</p>
    </fieldset>
  );
}

function ScopeMeters({ spend, warnAt, now }: { spend: ScopeSpend; warnAt: number; now: number }) {
  return (
    <div className="meter-grid">
      {BUDGET_WINDOWS.map((window) => (
        <div key={window} className="meter-pair">
          <h4>{WINDOW_LABELS[window]}</h4>
          <Meter label="Dollars" spend={spend[window].usd} format={formatUsd} warnAt={warnAt} now={now} />
          <Meter label="Calls" spend={spend[window].calls} format={formatCount} warnAt={warnAt} now={now} />
        </div>
      ))}
    </div>
  );
}

export function SpendingPage() {
  const { data, error, load } = useBudget();
  const history = useSpendHistory();
  const now = useNow(5000);
  // Loaded once when the page opens; live events keep both current.
  useEffect(() => {
    void load();
    void history.load();
  }, [load, history.load]);

  if (!data) return error ? <Notice kind="error">{error}</Notice> : <p className="muted">Loading…</p>;
  const { config, snapshot, problem } = data;
  const clients = Object.keys(snapshot.perClient).sort();
  return (
    <div className="page">
      <header className="page-header">
        <h1>Spending</h1>
        <p className="lede">Caps on dollars and tool calls, for all agents together or one at a time.</p>
      </header>
      {error && <Notice kind="error">{error}</Notice>}
      {problem && <Notice kind="error">budget.json: {problem}</Notice>}
      <section className="card">
        <ModeSwitch mode={config.mode} />
      </section>
      <section className="card" aria-labelledby="meters-title">
        <h2 id="meters-title">All clients</h2>
        <ScopeMeters spend={snapshot.global} warnAt={config.warnAtPct} now={now} />
        {clients.map((client) => (
          <details key={client} className="client-meters">
            <summary>{client}</summary>
            <ScopeMeters spend={snapshot.perClient[client]!} warnAt={config.warnAtPct} now={now} />
          </details>
        ))}
      </section>
      <section className="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Spend over the last 24 hours</h2>
        {history.error && <Notice kind="error">{history.error}</Notice>}
        <SpendChart buckets={history.buckets} clients={history.clients} />
        <h3>Spend by client</h3>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Client</th>
              {(['hourly', 'daily', 'weekly', 'monthly'] as const).map((w) => (
                <th key={w} scope="col" className="num">
                  {w[0]?.toUpperCase() + w.slice(1)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {clients.length === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  No spend recorded yet.
                </td>
              </tr>
            )}
            {clients.map((client) => (
              <tr key={client}>
                <th scope="row">
                  <span
                    className={`legend-swatch ${seriesClass(history.clients.indexOf(client))}`}
                    aria-hidden="true"
                  />
                  {client}
                </th>
                {(['hourly', 'daily', 'weekly', 'monthly'] as const).map((w) => (
                  <td key={w} className="num">
                    {formatUsd(snapshot.perClient[client]![w].usd.spent)}
                    <span className="muted"> · {formatCount(snapshot.perClient[client]![w].calls.spent)} calls</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card" aria-labelledby="caps-title">
        <h2 id="caps-title">Caps</h2>
        <p className="hint">
          Leave a field empty for no limit. Warnings start at {Math.round(config.warnAtPct * 100)}% of a cap.
        </p>
        <CapsEditor config={config} />
      </section>
    </div>
  );
}
