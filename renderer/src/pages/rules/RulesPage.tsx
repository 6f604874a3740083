// Rules: what is loaded, file by file, with the parser's and linter's findings.
import { useEffect } from 'react';
import { DecisionBadge } from '../../components/DecisionBadge';
import { Notice } from '../../components/Notice';
import { ProjectFolderForm } from '../../components/ProjectFolderForm';
import { useRules } from '../../stores/rules';

export function RulesPage() {
  const { data, error, cwd, load } = useRules();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="page">
      <header className="page-header">
        <h1>Rules</h1>
        <p className="lede">The rules a call meets, in the order they load. Files reload as they change.</p>
      </header>
      <ProjectFolderForm
        initial={cwd}
        placeholder="/path/to/project (empty: your own rules only)"
        action="Show"
        onSubmit={(folder) => void load(folder)}
      />
      {error && <Notice kind="error">{error}</Notice>}
      {data?.projectRules.state === 'untrusted' && (
        <Notice kind="info">
          The rules in <span className="mono">{data.projectRules.folder}</span> do not apply: no one has accepted them.
          Review them, then run <span className="mono">ssg trust</span> in that project.
        </Notice>
      )}
      {data?.projectRules.state === 'changed' && (
        <Notice kind="info">
          <span className="mono">{data.projectRules.folder}</span> changed since it was accepted; the accepted version
          below still applies. Run <span className="mono">ssg trust</span> there to accept the change.
        </Notice>
      )}
      {data?.files.length === 0 && <p className="muted">No rule files are loaded for this folder.</p>}
      {data?.files.map((file) => (
        <section key={file.path} className="card" aria-label={file.acceptedFrom ?? file.path}>
          <h2 className="mono file-title">{file.acceptedFrom ?? file.path}</h2>
          {file.acceptedFrom && (
            <p className="muted">
              Project rules as accepted (<span className="mono">ssg trust</span>), applied from{' '}
              <span className="mono">{file.path}</span>: they can only tighten.
            </p>
          )}
          {file.diagnostics.length > 0 && (
            <ul className="diagnostics">
              {file.diagnostics.map((d, i) => (
                <li key={i} className={`diagnostic diagnostic-${d.severity}`}>
                  <span className={`pill pill-${d.severity}`}>{d.severity}</span>
                  <span className="mono">
                    {d.line}:{d.column}
                  </span>{' '}
                  {d.message}{' '}
                  <span className="muted">
                    ({d.code}
                    {d.ruleId ? `, ${d.ruleId}` : ''})
                  </span>
                </li>
              ))}
            </ul>
          )}
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Decision</th>
                <th scope="col">Target</th>
                <th scope="col" className="num">
                  Priority
                </th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {file.rules.map((rule) => (
                <tr key={rule.id} className={rule.enabled ? undefined : 'disabled'}>
                  <th scope="row" className="mono">
                    {rule.id}
                    {!rule.enabled && <span className="muted small"> (disabled)</span>}
                  </th>
                  <td>
                    <DecisionBadge decision={rule.decision} />
                  </td>
                  <td>{rule.target}</td>
                  <td className="num">{rule.priority}</td>
                  <td className="muted">{rule.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
