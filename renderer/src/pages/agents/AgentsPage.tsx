// Agents: for a project folder, each adapter's detected / installed / healthy state, and install or remove.
import { useEffect } from 'react';
import { Notice } from '../../components/Notice';
import { ProjectFolderForm } from '../../components/ProjectFolderForm';
import { useAgents } from '../../stores/agents';

export function AgentsPage() {
  const { projectDir, data, error, busy, lastChange, load, change } = useAgents();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="page">
      <header className="page-header">
        <h1>Agents</h1>
        <p className="lede">
          Connect ssg to the coding agents of a project. Hooks go into the agents’ own config files.
        </p>
      </header>
      <ProjectFolderForm
        initial={projectDir}
        placeholder="/home/you/projects/app"
        action="Check"
        primary
        onSubmit={(folder) => void load(folder)}
      />
      {error && <Notice kind="error">{error}</Notice>}
      {lastChange && (
        <Notice kind="success">
          {lastChange.name}: {lastChange.changed ? 'done' : 'nothing to change'}.
          {lastChange.files.length > 0 && (
            <ul>
              {lastChange.files.map((f) => (
                <li key={f.path + f.action}>
                  <span className="mono">{f.path}</span> {f.action} — {f.note}
                </li>
              ))}
            </ul>
          )}
          {lastChange.manualSteps.length > 0 && (
            <>
              <p>Still to do by hand:</p>
              <ol>
                {lastChange.manualSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </>
          )}
        </Notice>
      )}
      {!data && !error && <p className="muted">Type a project folder to see which agents are connected there.</p>}
      {data && (
        <section className="card" aria-label={`Agents for ${data.projectDir}`}>
          <ul className="agent-list">
            {data.agents.map((agent) => {
              const state = agent.installed ? 'Connected' : agent.detected ? 'Not connected' : 'Not found';
              return (
                <li key={agent.name} className="agent" data-testid={`agent-${agent.name}`}>
                  <div className="agent-main">
                    <strong>{agent.name}</strong>
                    <span
                      className={`pill ${agent.installed ? 'pill-on' : agent.detected ? 'pill-warning' : 'pill-off'}`}
                    >
                      {state}
                    </span>
                    {agent.problems.length > 0 && !agent.installed && (
                      <ul className="muted small problems">
                        {agent.problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <button
                    type="button"
                    className={`button${agent.detected && !agent.installed ? ' button-primary' : ''}`}
                    disabled={busy !== null}
                    aria-label={`${agent.installed ? 'Remove' : 'Install'} ${agent.name}`}
                    onClick={() => void change(agent.name, agent.installed ? 'uninstall' : 'install')}
                  >
                    {busy === agent.name ? 'Working…' : agent.installed ? 'Remove' : 'Install'}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
