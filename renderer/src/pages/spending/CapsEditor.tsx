// Caps for all clients together or for one client, over the five windows in dollars and calls. Fields are
// checked as you type; Save is offered only when everything is valid and something changed.
import { useEffect, useId, useState } from 'react';
import {
  BUDGET_WINDOWS,
  CLIENT_NAME_PATTERN,
  type BudgetConfig,
  type CapField,
  type Caps,
} from '@ssg/contracts/budget';
import { useBudget } from '../../stores/budget';
import { capProblem, capsOf, draftsOf, hasProblems, WINDOW_LABELS, type CapDrafts } from './cap-drafts';

const GLOBAL = '';
const clientName = new RegExp(CLIENT_NAME_PATTERN);

export function CapsEditor({ config }: { config: BudgetConfig }) {
  const save = useBudget((s) => s.save);
  const saving = useBudget((s) => s.saving);
  const [scope, setScope] = useState(GLOBAL);
  const [newClient, setNewClient] = useState('');
  const stored: Caps = scope === GLOBAL ? config.global : (config.perClient[scope] ?? {});
  const [drafts, setDrafts] = useState<CapDrafts>(() => draftsOf(stored));
  const [saved, setSaved] = useState(false);
  const id = useId();
  // A new scope, or a budget saved elsewhere (live event), resets the form to what is in force.
  useEffect(() => setDrafts(draftsOf(stored)), [scope, config.updatedAt]);

  const clients = [...new Set([...Object.keys(config.perClient), ...(scope === GLOBAL ? [] : [scope])])].sort();
  const dirty = JSON.stringify(capsOf(drafts)) !== JSON.stringify(capsOf(draftsOf(stored)));
  const invalid = hasProblems(drafts);
  const newClientProblem =
    newClient !== '' && !clientName.test(newClient) ? 'lowercase letters, digits and "-", like codex' : null;

  async function onSave(event: React.FormEvent) {
    event.preventDefault();
    if (invalid) return;
    const caps = capsOf(drafts);
    const perClient = { ...config.perClient };
    if (scope !== GLOBAL) {
      if (Object.keys(caps).length === 0) delete perClient[scope];
      else perClient[scope] = caps;
    }
    const ok = await save({
      warnAtPct: config.warnAtPct,
      global: scope === GLOBAL ? caps : config.global,
      perClient,
    });
    setSaved(ok);
  }

  const field = (name: CapField, label: string, prefix: string) => {
    const problem = capProblem(name, drafts[name]);
    return (
      <td>
        <div className={`cap-input${problem ? ' invalid' : ''}`}>
          {prefix && <span aria-hidden="true">{prefix}</span>}
          <input
            id={`${id}-${name}`}
            inputMode="decimal"
            placeholder="no limit"
            aria-label={label}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-${name}-problem` : undefined}
            value={drafts[name]}
            onChange={(e) => {
              setSaved(false);
              setDrafts({ ...drafts, [name]: e.target.value });
            }}
          />
        </div>
        {problem && (
          <div id={`${id}-${name}-problem`} className="field-problem">
            {problem}
          </div>
        )}
      </td>
    );
  };

  return (
    <form className="caps-editor" onSubmit={onSave} aria-label="Caps">
      <div className="caps-scope">
        <label htmlFor={`${id}-scope`}>Applies to</label>
        <select id={`${id}-scope`} value={scope} onChange={(e) => setScope(e.target.value)}>
          <option value={GLOBAL}>All clients together</option>
          {clients.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <span className="caps-add">
          <label htmlFor={`${id}-new`} className="visually-hidden">
            Add a client by name
          </label>
          <input
            id={`${id}-new`}
            placeholder="add client, e.g. codex"
            value={newClient}
            aria-invalid={newClientProblem !== null}
            onChange={(e) => setNewClient(e.target.value.trim())}
          />
          <button
            type="button"
            className="button"
            disabled={newClient === '' || newClientProblem !== null}
            onClick={() => {
              setScope(newClient);
              setNewClient('');
            }}
          >
            Add
          </button>
        </span>
        {newClientProblem && <span className="field-problem">{newClientProblem}</span>}
      </div>
      <table className="caps-table">
        <thead>
          <tr>
            <th scope="col">Window</th>
            <th scope="col">Dollars</th>
            <th scope="col">Tool calls</th>
          </tr>
        </thead>
        <tbody>
          {BUDGET_WINDOWS.map((window) => (
            <tr key={window}>
              <th scope="row">{WINDOW_LABELS[window]}</th>
              {field(`${window}Usd`, `${WINDOW_LABELS[window]} dollar cap`, '$')}
              {field(`${window}Calls`, `${WINDOW_LABELS[window]} call cap`, '')}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={!dirty || invalid || saving}>
          {saving ? 'Saving…' : 'Save caps'}
        </button>
        <button type="button" className="button" disabled={!dirty} onClick={() => setDrafts(draftsOf(stored))}>
          Discard
        </button>
        {saved && !dirty && <span className="muted">Saved.</span>}
      </div>
    </form>
  );
}
