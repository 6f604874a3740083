// One decision in full: the call, who decided, and the conditions that matched.
import { useEffect, useRef } from 'react';
import { DecisionBadge } from '../../components/DecisionBadge';
import { formatDateTime } from '../../components/format';
import { Notice } from '../../components/Notice';
import { useActivity } from '../../stores/activity';

const DECIDED_BY = {
  rules: 'a rule',
  budget: 'a spending cap',
  approval: 'a person (or the approval timeout)',
  breaker: 'the circuit breaker, overriding the rule below after five denials in a row',
  hook: 'the hook alone, while the daemon could not be asked (recorded when it was back)',
};

export function RecordDetail() {
  const { detail, detailError, close } = useActivity();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [detail?.id]);
  if (detailError) return <Notice kind="error">{detailError}</Notice>;
  if (!detail) return null;
  return (
    <aside className="card detail" aria-labelledby="detail-title">
      <div className="detail-head">
        <h2 id="detail-title" tabIndex={-1} ref={heading}>
          Call #{detail.id}
        </h2>
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      </div>
      <dl className="facts">
        <dt>Decision</dt>
        <dd>
          <DecisionBadge decision={detail.decision} /> by {DECIDED_BY[detail.decidedBy]}
        </dd>
        <dt>When</dt>
        <dd>{formatDateTime(detail.at)}</dd>
        <dt>Agent</dt>
        <dd>
          {detail.client} · {detail.tool} ({detail.capability})
        </dd>
        {detail.cwd && (
          <>
            <dt>Folder</dt>
            <dd className="mono">{detail.cwd}</dd>
          </>
        )}
        {detail.ruleId && (
          <>
            <dt>Rule</dt>
            <dd className="mono">{detail.ruleId}</dd>
          </>
        )}
        {detail.message && (
          <>
            <dt>Message</dt>
            <dd>{detail.message}</dd>
          </>
        )}
        {detail.warning && (
          <>
            <dt>Warning</dt>
            <dd>{detail.warning}</dd>
          </>
        )}
      </dl>
      <h3>Call</h3>
      <pre className="code">{detail.summary}</pre>
      <h3>Matched conditions</h3>
      {detail.matched.length === 0 ? (
        <p className="muted">No condition matched{detail.decidedBy === 'budget' ? ': a spending cap decided.' : '.'}</p>
      ) : (
        <ul className="conditions">
          {detail.matched.map((m, i) => (
            <li key={i} className="mono">
              {m.negated ? 'NOT ' : ''}
              {m.field} {m.op} {JSON.stringify(m.value)}
              {m.view && <span className="muted"> in “{m.view}”</span>}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
