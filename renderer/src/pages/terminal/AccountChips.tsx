// One chip per Claude account (the machine's own login first, shown even when it is the only one): its 5-hour
// window as a percentage and a meter, when the window resets, and whether the account is limited. Clicking a chip
// while a Claude pane has (last had) the keyboard offers to move that pane's conversation there; the move is
// confirmed first because Claude Code exits and the first turn on the other account re-reads the whole
// conversation. "Add account" asks a name and opens a pane that signs the new account in.
import { type FormEvent, useState } from 'react';
import type { AccountUsageInfo, ClaudeAccountInfo, PaneInfo } from '@ssg/contracts/terminal';
import { formatUpcoming } from '../../components/format';
import { Meter } from '../../components/Meter';
import { useNow } from '../../components/use-now';
import { useTerminal } from '../../stores/terminal';

const WARN_AT = 0.8;
const percent = (value: number): string => `${Math.round(value)}%`;

function AccountChip({
  account,
  usage,
  now,
  onChoose,
}: {
  account: ClaudeAccountInfo;
  usage: AccountUsageInfo | undefined;
  now: number;
  onChoose: () => void;
}) {
  const fiveHour = usage?.fiveHour ?? null;
  const limitedUntil = usage?.limitedUntil != null && usage.limitedUntil > now ? usage.limitedUntil : null;
  return (
    <li className={`account-chip${limitedUntil !== null ? ' is-limited' : ''}`}>
      <button type="button" className="account-chip-name" onClick={onChoose} title={account.email ?? undefined}>
        {account.name}
      </button>
      {!account.loggedIn && <span className="pill pill-warning">not signed in</span>}
      {limitedUntil !== null && (
        <span className="pill pill-error">limited until {formatUpcoming(limitedUntil, now)}</span>
      )}
      {fiveHour === null ? (
        <span className="muted small">5-hour usage unknown</span>
      ) : (
        <Meter
          label="5-hour window"
          spend={{ spent: fiveHour.usedPercent, cap: null, percent: fiveHour.usedPercent, resetsAt: fiveHour.resetsAt }}
          format={percent}
          warnAt={WARN_AT}
          now={now}
        />
      )}
      {usage?.stale && <span className="muted small">{usage.stale}</span>}
      {account.problems.map((problem) => (
        <span key={problem} className="field-problem small">
          {problem}
        </span>
      ))}
      {!account.isDefault && <RemoveAccount account={account} />}
    </li>
  );
}

/** Only added accounts: the machine's own login is not ssg's to remove. */
function RemoveAccount({ account }: { account: ClaudeAccountInfo }) {
  const removeAccount = useTerminal((s) => s.removeAccount);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="link-button small account-chip-remove"
        aria-label={`Remove account ${account.name}`}
        onClick={() => setAsking(true)}
      >
        Remove
      </button>
    );
  }
  return (
    <div role="group" aria-label={`Remove ${account.name}?`} className="small">
      Remove {account.name}? Its folder and login are moved aside, not deleted.{' '}
      <button type="button" className="link-button small" onClick={() => void removeAccount(account.id)}>
        Remove
      </button>{' '}
      <button type="button" className="link-button small" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}

function AddAccount() {
  const addAccount = useTerminal((s) => s.addAccount);
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  if (!asking) {
    return (
      <li className="account-chip account-chip-add">
        <button type="button" className="account-chip-name" onClick={() => setAsking(true)}>
          + Add account
        </button>
      </li>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') return;
    void addAccount(name.trim());
    setAsking(false);
    setName('');
  }
  return (
    <li className="account-chip account-chip-add">
      <form className="inline-form" onSubmit={submit} aria-label="Add a Claude account">
        <input
          aria-label="Account name"
          placeholder="Name, e.g. Work"
          value={name}
          maxLength={64}
          autoFocus
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={name.trim() === ''}>
          Add and sign in
        </button>
        <button type="button" className="link-button small" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </form>
    </li>
  );
}

function MoveConfirmation({
  pane,
  account,
  onDone,
}: {
  pane: PaneInfo;
  account: ClaudeAccountInfo;
  onDone: () => void;
}) {
  const switchAccount = useTerminal((s) => s.switchAccount);
  return (
    <div className="card move-confirmation" role="alertdialog" aria-label="Move the conversation" aria-modal="false">
      <p>
        Move this conversation to {account.name}? Claude Code will exit and resume there; the first turn there re-reads
        the whole conversation.
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          autoFocus
          onClick={() => {
            void switchAccount(pane.id, account.id);
            onDone();
          }}
        >
          Move to {account.name}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export function AccountChips() {
  const accounts = useTerminal((s) => s.accounts);
  const usage = useTerminal((s) => s.usage);
  const panes = useTerminal((s) => s.panes);
  const focusedPaneId = useTerminal((s) => s.focusedPaneId);
  const now = useNow(30_000);
  const [moving, setMoving] = useState<{ pane: PaneInfo; account: ClaudeAccountInfo } | null>(null);
  const focused = panes.find((p) => p.id === focusedPaneId);

  function choose(account: ClaudeAccountInfo) {
    if (focused?.kind !== 'claude' || focused.state !== 'running' || focused.accountId === account.id) return;
    setMoving({ pane: focused, account });
  }

  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title" className="visually-hidden">
        Claude accounts
      </h2>
      <ul className="account-chips" aria-label="Claude accounts">
        {accounts.map((account) => (
          <AccountChip
            key={account.id}
            account={account}
            usage={usage?.accounts.find((u) => u.accountId === account.id)}
            now={now}
            onChoose={() => choose(account)}
          />
        ))}
        <AddAccount />
      </ul>
      <p className="hint">
        {focused?.kind === 'claude'
          ? `Click an account to move the conversation of the ${focused.title} pane there.`
          : 'Click into a Claude pane, then on an account to move its conversation there.'}
      </p>
      {moving && <MoveConfirmation pane={moving.pane} account={moving.account} onDone={() => setMoving(null)} />}
    </section>
  );
}
