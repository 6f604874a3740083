// `ssg trust [<folder>] | --status | --revoke`: a person accepts a project's `.ssg/rules/`. Until then none of
// its rules apply, and afterwards the accepted copy applies until a person accepts a change (project-trust.ts):
// whoever wrote the repository — or the agent working in it — cannot change what governs the agent.
import { resolve } from 'node:path';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { CliError, usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { printable } from '../../cli/printable';
import { ssgHome } from '@ssg/node/home';
import { loadRuleFiles } from '@ssg/node/rules/load';
import {
  type AcceptedRecord,
  acceptProjectRules,
  projectRulesState,
  revokeProjectRules,
} from '@ssg/node/rules/project-trust';
import { describeFsError, findProjectRulesDir, rulesFilesIn } from '@ssg/node/rules/sources';
import { requirePerson } from '../../person/require-person';
import { renderTrustState } from './trust-report';

const help = `Usage: ssg trust [<folder>]
       ssg trust --status [<folder>] [--json]
       ssg trust --revoke [<folder>]

A project's rules (.ssg/rules/ in the project, or in a folder above the one you work in) apply only once a person
has accepted them: ssg applies a copy it keeps in ~/.ssg/trusted-projects/, never the folder as found, so neither
the repository's authors nor an agent editing it can change what governs the agent. When the folder changes, the
version you accepted keeps applying until you run \`ssg trust\` again.

Accepted or not, a project's rules can only tighten: a project's ALLOW, LOG or SHADOW is a carve-out from the
project's own restrictions and never lifts one of your rules (~/.ssg/rules/), Sleep at Night or self-protection.

  ssg trust            show the project's rules and accept them
  --status             how the project's rules stand: none, untrusted, accepted, or changed since accepted
  --revoke             forget the accepted copy: the project's rules stop applying

Run by an agent, accepting and revoking ask the person at the terminal for a code, and are refused without one.

Options:
  --json       with --status: print the state as JSON
  -h, --help   show this help

Exit codes: 0 done, 2 usage error (no project rules there), 4 a rule file cannot be read, 6 refused: an agent ran it and no person confirmed.

Examples:
  ssg trust
  ssg trust --status ~/src/app
  ssg trust --revoke
`;

export const trustCommand: Command = {
  name: 'trust',
  summary: "accept a project's .ssg/rules (they apply only once a person accepts them)",
  help,
  run(argv) {
    const { values, positionals } = parseCommandArgs(
      'trust',
      argv,
      { status: { type: 'boolean' }, revoke: { type: 'boolean' }, json: { type: 'boolean' } },
      1,
    );
    if (values.status && values.revoke) throw usageError('--status and --revoke exclude each other', 'pick one');
    if (values.json && !values.status) throw usageError('--json applies only to --status', 'add --status');
    const home = ssgHome();
    const folder = resolve(positionals[0] ?? '.');
    if (values.status) {
      const state = projectRulesState(folder, home);
      process.stdout.write(values.json ? `${JSON.stringify(state, null, 2)}\n` : renderTrustState(state));
      return ExitCode.ok;
    }
    const live = findProjectRulesDir(folder, home);
    if (values.revoke) {
      const target = live ?? acceptedFolderOf(folder, home);
      requirePerson(`stop applying the project rules of ${target}`);
      const revoked = revokeProjectRules(home, target);
      process.stdout.write(
        revoked ? `The rules of ${target} no longer apply.\n` : `No accepted rules for ${target}: nothing to do.\n`,
      );
      return ExitCode.ok;
    }
    if (!live) {
      throw usageError(
        `no .ssg/rules folder in ${printable(folder)} or a folder above it`,
        'project rules live in <project>/.ssg/rules/*.rules',
      );
    }
    process.stdout.write(describeLiveRules(live));
    requirePerson(`accept the project rules of ${live}`);
    let record: AcceptedRecord;
    try {
      record = acceptProjectRules(home, live);
    } catch (error) {
      const path = (error as NodeJS.ErrnoException).path ?? live;
      throw new CliError(
        `could not accept ${live}: ${path} ${describeFsError(error)}`,
        'fix or remove that file, then run `ssg trust` again; nothing was changed',
        ExitCode.rulesUnusable,
      );
    }
    process.stdout.write(
      `Accepted ${record.files.length} rule file(s) from ${live}: they apply to agents working in this project ` +
        'from now on. Run `ssg trust` again after changing them.\n',
    );
    return ExitCode.ok;
  },
};

/** The rules about to be accepted, one line each, so the person sees what they accept. */
function describeLiveRules(live: string): string {
  const loaded = loadRuleFiles(rulesFilesIn(live));
  const lines = [`Rules in ${live}:`];
  for (const rule of loaded.ruleset.rules) {
    lines.push(`  ${rule.decision.toUpperCase().padEnd(6)} ${rule.target.padEnd(9)} ${printable(rule.id)}`);
  }
  if (loaded.ruleset.rules.length === 0) lines.push('  (no rules)');
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0) lines.push(`  ${errors} error(s): run \`ssg check ${live}\` to see them`);
  return `${lines.join('\n')}\n`;
}

/** With the live folder gone, the accepted copy can still be revoked by the project's folder. */
function acceptedFolderOf(folder: string, home: string): string {
  const state = projectRulesState(folder, home);
  if (state.state === 'none') {
    throw new CliError(
      `no project rules accepted for ${printable(folder)} or a folder above it`,
      'nothing to revoke',
      ExitCode.usage,
    );
  }
  return state.folder;
}
