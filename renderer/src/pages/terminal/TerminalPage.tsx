// Terminal: Claude Code and shell panes side by side, one chip per Claude account with its 5-hour window, a
// banner when every account is limited, the host's notices, and the terminal's settings. Without a subscription
// the daemon answers 402 and the page says what is missing instead.
import { useEffect } from 'react';
import { formatUpcoming } from '../../components/format';
import { Notice } from '../../components/Notice';
import { useNow } from '../../components/use-now';
import { useTerminal } from '../../stores/terminal';
import { AccountChips } from './AccountChips';
import { NewPaneForm } from './NewPaneForm';
import { PaneView } from './PaneView';
import { TerminalSettingsForm } from './TerminalSettingsForm';

const MAX_COLUMNS = 4;

function SubscriptionPanel({ message }: { message: string }) {
  return (
    <div className="page">
      <header className="page-header">
        <h1>Terminal</h1>
      </header>
      <section className="card subscription-panel" aria-labelledby="subscription-title">
        <h2 id="subscription-title">The terminal needs a subscription</h2>
        <p>{message}</p>
        <p className="muted">Everything else in ssg stays free.</p>
      </section>
    </div>
  );
}

export function TerminalPage() {
  const state = useTerminal();
  const { open, close } = state;
  const now = useNow(60_000);
  useEffect(() => {
    void open();
    return close;
  }, [open, close]);

  if (state.subscriptionProblem !== null) return <SubscriptionPanel message={state.subscriptionProblem} />;
  if (!state.loaded) return <p className="muted">Loading…</p>;
  const accountName = (id: string | null) => state.accounts.find((a) => a.id === id)?.name ?? id;
  const columns = Math.min(MAX_COLUMNS, Math.max(1, state.panes.length));
  return (
    <div className="page terminal-page">
      <header className="page-header">
        <h1>Terminal</h1>
        <p className="lede">
          Claude Code on several accounts; at a usage limit the conversation moves on to the next one.
          {state.connection === 'lost' && <span className="pill pill-warning"> reconnecting…</span>}
        </p>
      </header>
      {state.usage?.allLimitedUntil != null && (
        <div className="notice notice-error" role="alert">
          Every account has reached its limit. The first resets at {formatUpcoming(state.usage.allLimitedUntil, now)}.
        </div>
      )}
      {state.error && <Notice kind="error">{state.error}</Notice>}
      <div className="terminal-notices" role="status">
        {state.notices.map((notice) => (
          <div key={notice.id} className={`notice notice-${notice.level}`}>
            {notice.message}{' '}
            <button
              type="button"
              className="link-button small"
              aria-label="Dismiss"
              onClick={() => state.dismissNotice(notice.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      <AccountChips />
      <NewPaneForm />
      {state.panes.length === 0 ? (
        <p className="muted">No panes yet: open one above.</p>
      ) : (
        <div className="pane-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {state.panes.map((pane) => (
            <PaneView
              key={pane.id}
              pane={pane}
              accountName={accountName(pane.accountId)}
              focused={pane.id === state.focusedPaneId}
            />
          ))}
        </div>
      )}
      {state.settings && <TerminalSettingsForm settings={state.settings} />}
    </div>
  );
}
