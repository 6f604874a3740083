// Opens a pane: Claude Code on an account (or "auto": the first in the pick order) or a shell, in a folder (empty:
// the home folder).
import { type FormEvent, useState } from 'react';
import { useTerminal } from '../../stores/terminal';

type Choice = 'shell' | `claude:${string}`;

export function NewPaneForm() {
  const accounts = useTerminal((s) => s.accounts);
  const openPane = useTerminal((s) => s.openPane);
  const [choice, setChoice] = useState<Choice>('claude:auto');
  const [cwd, setCwd] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const folder = cwd.trim() === '' ? {} : { cwd: cwd.trim() };
    await openPane(
      choice === 'shell'
        ? { kind: 'shell', ...folder }
        : { kind: 'claude', accountId: choice.slice('claude:'.length), ...folder },
    );
    setBusy(false);
  }

  return (
    <form className="new-pane" onSubmit={(e) => void submit(e)} aria-label="New pane">
      <label>
        <span>Run</span>
        <select value={choice} onChange={(e) => setChoice(e.target.value as Choice)} aria-label="What the pane runs">
          <option value="claude:auto">Claude Code, first account available</option>
          {accounts.map((account) => (
            <option key={account.id} value={`claude:${account.id}`}>
              Claude Code on {account.name}
            </option>
          ))}
          <option value="shell">Shell</option>
        </select>
      </label>
      <label className="grow">
        <span>Folder</span>
        <input
          aria-label="Folder"
          placeholder="Home folder"
          value={cwd}
          onChange={(e) => setCwd(e.target.value)}
          spellCheck={false}
        />
      </label>
      <button type="submit" className="button button-primary" disabled={busy}>
        New pane
      </button>
    </form>
  );
}
