// Overview: today at a glance — spend and calls against the daily caps, Sleep at Night, who is waiting for an
// answer, the latest blocked calls, and the connected agents.
import { useEffect } from 'react';
import { DecisionBadge } from '../../components/DecisionBadge';
import { formatCount, formatDuration, formatTime, formatUsd } from '../../components/format';
import { Meter } from '../../components/Meter';
import { Notice } from '../../components/Notice';
import { useNow } from '../../components/use-now';
import { useActivity } from '../../stores/activity';
import { useAgents } from '../../stores/agents';
import { useBudget } from '../../stores/budget';
import { useSleep } from '../../stores/sleep';
import { MODE_EXPLANATIONS } from '../spending/SpendingPage';

export function OverviewPage() {
  const budget = useBudget();
  const sleep = useSleep();
  const activity = useActivity();
  const agents = useAgents();
  const now = useNow(1000);
  useEffect(() => {
    void budget.load();
    void sleep.load();
    void activity.load();
    void activity.loadApprovals();
    void agents.load();
  }, [budget.load, sleep.load, activity.load, activity.loadApprovals, agents.load]);

  const daily = budget.data?.snapshot.global.daily;
  const blocked = activity.records.filter((r) => r.decision === 'block' || r.decision === 'force').slice(0, 5);
  const connected = agents.data?.agents.filter((a) => a.installed) ?? [];
  return (
    <div className="page">
      <header className="page-header">
        <h1>Overview</h1>
        <p className="lede">Today, across every agent on this machine.</p>
      </header>
      {budget.error && <Notice kind="error">{budget.error}</Notice>}
      <div className="overview-grid">
        <section className="card stat-card" aria-labelledby="today-title">
          <h2 id="today-title">Today</h2>
          {daily ? (
            <>
              <div className="stat-row">
                <div>
                  <div className="stat">{formatUsd(daily.usd.spent)}</div>
                  <div className="muted small">spent</div>
                </div>
                <div>
                  <div className="stat">{formatCount(daily.calls.spent)}</div>
                  <div className="muted small">tool calls</div>
                </div>
              </div>
              <Meter
                label="Daily dollars"
                spend={daily.usd}
                format={formatUsd}
                warnAt={budget.data!.config.warnAtPct}
                now={now}
              />
              <Meter
                label="Daily calls"
                spend={daily.calls}
                format={formatCount}
                warnAt={budget.data!.config.warnAtPct}
                now={now}
              />
              <p className="hint">
                Mode <strong>{budget.data!.config.mode}</strong>: {MODE_EXPLANATIONS[budget.data!.config.mode]}{' '}
                <a href="#/spending">Spending</a>
              </p>
            </>
          ) : (
            <p className="muted">Loading…</p>
          )}
        </section>
        <section
          className={`card stat-card sleep-summary${sleep.data?.enabled ? ' is-on' : ''}`}
          aria-labelledby="sleep-title"
        >
          <h2 id="sleep-title">Sleep at Night</h2>
          {sleep.data && (
            <>
              <div className="stat">{sleep.data.enabled ? 'On' : 'Off'}</div>
              <p className="muted">
                {sleep.data.enabled
                  ? sleep.data.until !== null
                    ? `${formatDuration(sleep.data.until - now)} left`
                    : 'Until you turn it off'
                  : 'Everyday rules apply.'}
              </p>
            </>
          )}
          <a className="button" href="#/sleep">
            {sleep.data?.enabled ? 'Manage' : 'Turn on…'}
          </a>
        </section>
        <section className="card stat-card" aria-labelledby="waiting-title">
          <h2 id="waiting-title">Waiting for you</h2>
          <div className="stat">{activity.pending.length}</div>
          <p className="muted">{activity.pending.length === 1 ? 'agent is' : 'agents are'} waiting for an answer.</p>
          <a className={`button${activity.pending.length > 0 ? ' button-primary' : ''}`} href="#/activity">
            Open Activity
          </a>
        </section>
      </div>
      <div className="overview-grid two">
        <section className="card" aria-labelledby="blocked-title">
          <h2 id="blocked-title">Last blocked calls</h2>
          {blocked.length === 0 ? (
            <p className="muted">Nothing blocked recently.</p>
          ) : (
            <ul className="compact-list">
              {blocked.map((r) => (
                <li key={r.id}>
                  <DecisionBadge decision={r.decision} />
                  <span className="mono truncate">{r.summary}</span>
                  <span className="muted small nowrap">
                    {r.client} · {formatTime(r.at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="agents-title">
          <h2 id="agents-title">Connected agents</h2>
          {agents.data ? (
            connected.length === 0 ? (
              <p className="muted">No agent is connected in {agents.data.projectDir}.</p>
            ) : (
              <ul className="compact-list">
                {connected.map((a) => (
                  <li key={a.name}>
                    <span className="pill pill-on">Connected</span> {a.name}
                  </li>
                ))}
              </ul>
            )
          ) : (
            <p className="muted">
              Choose a project folder on the <a href="#/agents">Agents</a> page.
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
