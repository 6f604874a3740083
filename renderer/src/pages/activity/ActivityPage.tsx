// Activity: the ASK queue, then every decision as it happens, filterable, with a detail view.
import { useEffect, useId } from 'react';
import { DECISIONS } from '@ssg/contracts/decision';
import { DecisionBadge } from '../../components/DecisionBadge';
import { formatTime } from '../../components/format';
import { Notice } from '../../components/Notice';
import { useActivity } from '../../stores/activity';
import { useSession } from '../../stores/session';
import { ApprovalQueue } from './ApprovalQueue';
import { RecordDetail } from './RecordDetail';

export function ActivityPage() {
  const { records, filters, error, setFilters, load, loadApprovals, open, detail } = useActivity();
  const live = useSession((s) => s.live);
  const id = useId();
  useEffect(() => {
    void load();
    void loadApprovals();
  }, [load, loadApprovals]);
  const clients = [...new Set(records.map((r) => r.client))].sort();
  const tools = [...new Set(records.map((r) => r.tool))].sort();
  return (
    <div className="page">
      <header className="page-header">
        <h1>Activity</h1>
        <p className="lede">
          Every tool call your agents made and what ssg decided.{' '}
          <span className={`live ${live ? 'live-on' : ''}`}>{live ? 'Live' : 'Reconnecting…'}</span>
        </p>
      </header>
      <ApprovalQueue />
      <section className="card" aria-labelledby="log-title">
        <h2 id="log-title">Decisions</h2>
        <div className="filters" role="search">
          <label>
            Decision
            <select
              value={filters.decision}
              onChange={(e) => setFilters({ decision: e.target.value as typeof filters.decision })}
            >
              <option value="">Any</option>
              {DECISIONS.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
          <label>
            Client
            <select value={filters.client} onChange={(e) => setFilters({ client: e.target.value })}>
              <option value="">Any</option>
              {[...new Set([...clients, filters.client].filter(Boolean))].map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label>
            Tool
            <select value={filters.tool} onChange={(e) => setFilters({ tool: e.target.value })}>
              <option value="">Any</option>
              {[...new Set([...tools, filters.tool].filter(Boolean))].map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
          <label className="grow" htmlFor={`${id}-q`}>
            Search
            <input
              id={`${id}-q`}
              type="search"
              placeholder="command, path, rule or message"
              value={filters.text}
              onChange={(e) => setFilters({ text: e.target.value })}
            />
          </label>
        </div>
        {error && <Notice kind="error">{error}</Notice>}
        <div className="activity-layout">
          <table className="data-table activity-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Decision</th>
                <th scope="col">Agent</th>
                <th scope="col">Call</th>
              </tr>
            </thead>
            <tbody>
              {records.length === 0 && (
                <tr>
                  <td colSpan={4} className="muted">
                    Nothing yet. Calls appear here the moment an agent makes them.
                  </td>
                </tr>
              )}
              {records.map((record) => (
                <tr
                  key={record.id}
                  className={detail?.id === record.id ? 'selected' : undefined}
                  data-testid="activity-row"
                >
                  <td className="nowrap muted">{formatTime(record.at)}</td>
                  <td>
                    <DecisionBadge decision={record.decision} />
                  </td>
                  <td className="nowrap">
                    {record.client}
                    <div className="muted small">{record.tool}</div>
                  </td>
                  <td className="call-cell">
                    <button type="button" className="link-button" onClick={() => void open(record.id)}>
                      <span className="mono truncate">{record.summary}</span>
                    </button>
                    {(record.message ?? record.warning) && (
                      <div className="muted small">{record.message ?? record.warning}</div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <RecordDetail />
        </div>
      </section>
    </div>
  );
}
