// `ssg hub pull <ruleset>`: arguments and output around hub/pull.ts.
import { join, resolve } from 'node:path';
import { parseCommandArgs } from '../../cli/args';
import { usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { ssgHome } from '@ssg/node/home';
import { resolveHubUrl } from '../../hub/hub-url';
import { pinnedHubKey } from '../../hub/pinned-key';
import { pullRuleset } from '../../hub/pull';

export async function hubPull(argv: string[]): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs(
    'hub',
    argv,
    { hub: { type: 'string' }, project: { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
    1,
  );
  const [rulesetId] = positionals;
  if (rulesetId === undefined)
    throw usageError('missing the ruleset to pull', 'name it: ssg hub pull <ruleset> (see `ssg hub list`)');
  const rulesDir = values.project ? resolve('.ssg', 'rules') : join(ssgHome(), 'rules');
  const result = await pullRuleset({
    rulesetId,
    hub: resolveHubUrl(values.hub),
    pinned: pinnedHubKey(),
    installDir: join(rulesDir, 'hub'),
    dryRun: values['dry-run'] ?? false,
    progress: (line) => process.stdout.write(`${line}\n`),
  });
  const done = {
    written: `wrote ${result.path}`,
    unchanged: `${result.path} is already up to date; nothing written`,
    'dry-run': `dry run: would write ${result.path}; nothing written`,
  }[result.outcome];
  process.stdout.write(`${result.ruleset.id}: ${done}\n`);
  if (values.project && result.outcome === 'written') {
    process.stdout.write('Project rules apply once accepted: review them, then run `ssg trust` in this project.\n');
  }
  return ExitCode.ok;
}
