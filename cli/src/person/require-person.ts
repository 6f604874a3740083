// The gate in front of every command that lowers protection (Sleep at Night off, spending limits, approvals,
// dashboard sign-in links, uninstalling): run by a person, it goes ahead; run under an agent host, the person at
// the terminal must type a fresh code first, and without a terminal it is refused. The refusal says that a person
// must do it and nothing about how an agent could (the agent reads it).
import { CliError } from '../cli/errors';
import { ExitCode } from '../cli/exit-codes';
import { agentHostOf } from './agent-host';
import { confirmAtTerminal } from './terminal-confirmation';

/** `action` completes "… is running ssg to <action>", e.g. `turn Sleep at Night off`. */
export function requirePerson(action: string, env: NodeJS.ProcessEnv = process.env): void {
  const host = agentHostOf(env);
  if (host === undefined) return;
  const answer = confirmAtTerminal(`ssg: ${host} is running ssg to ${action}. Only a person may allow this.`);
  if (answer === 'confirmed') return;
  throw new CliError(
    answer === 'refused'
      ? `refused to ${action}: the person at the terminal did not confirm it`
      : `refused to ${action}: this runs under ${host}, and only a person may ${action}`,
    'nothing was changed',
    ExitCode.person,
  );
}
