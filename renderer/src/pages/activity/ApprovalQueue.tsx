// The ASK queue: calls waiting for a person. The waiting hook receives the answer as soon as it is given.
import { useState } from 'react';
import type { PendingApproval } from '@ssg/contracts/approvals';
import { formatDuration } from '../../components/format';
import { Notice } from '../../components/Notice';
import { useNow } from '../../components/use-now';
import { useActivity } from '../../stores/activity';

function Request({ approval, now }: { approval: PendingApproval; now: number }) {
  const answer = useActivity((s) => s.answer);
  const answering = useActivity((s) => s.answering.includes(approval.id));
  const [note, setNote] = useState('');
  return (
    <li className="approval" data-testid="approval">
      <div className="approval-head">
        <strong>{approval.prompt ?? approval.message ?? 'An agent asks to run this'}</strong>
        <span className="muted">
          {approval.client} · {approval.tool} · default in {formatDuration(approval.expiresAt - now)}
        </span>
      </div>
      <pre className="code">{approval.summary}</pre>
      <div className="approval-actions">
        <label className="visually-hidden" htmlFor={`note-${approval.id}`}>
          Note for the agent
        </label>
        <input
          id={`note-${approval.id}`}
          placeholder="Note for the agent (optional)"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <button
          type="button"
          className="button button-primary"
          disabled={answering}
          onClick={() => void answer(approval.id, 'allow', note)}
        >
          Approve
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={answering}
          onClick={() => void answer(approval.id, 'deny', note)}
        >
          Deny
        </button>
      </div>
    </li>
  );
}

export function ApprovalQueue() {
  const pending = useActivity((s) => s.pending);
  const error = useActivity((s) => s.approvalsError);
  const now = useNow(1000);
  return (
    <section className="card" aria-labelledby="queue-title">
      <h2 id="queue-title">
        Waiting for you <span className="count">{pending.length}</span>
      </h2>
      {error && <Notice kind="error">{error}</Notice>}
      {pending.length === 0 ? (
        <p className="muted">No agent is waiting for an answer.</p>
      ) : (
        <ul className="approval-list">
          {pending.map((approval) => (
            <Request key={approval.id} approval={approval} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
