// `ssg hub list`: the rulesets a hub offers, from a manifest whose signing key matches the pinned one.
import { parseCommandArgs } from '../../cli/args';
import { ExitCode } from '../../cli/exit-codes';
import { renderTable } from '../../cli/table';
import { resolveHubUrl } from '../../hub/hub-url';
import { pinnedHubKey } from '../../hub/pinned-key';
import { fetchTrustedManifest } from '../../hub/trusted-manifest';

export async function hubList(argv: string[]): Promise<ExitCode> {
  const { values } = parseCommandArgs('hub', argv, { hub: { type: 'string' }, json: { type: 'boolean' } });
  const json = values.json ?? false;
  // Progress goes to stderr with --json so that stdout stays one JSON document.
  const progress = (line: string): boolean => (json ? process.stderr : process.stdout).write(`${line}\n`);
  const manifest = await fetchTrustedManifest(resolveHubUrl(values.hub), pinnedHubKey(), progress);
  if (json) {
    process.stdout.write(`${JSON.stringify(manifest.rulesets, null, 2)}\n`);
    return ExitCode.ok;
  }
  const rows = manifest.rulesets.map((entry) => [entry.id, String(entry.rule_count), entry.required_tier, entry.title]);
  process.stdout.write(`\n${renderTable(['ruleset', 'rules', 'tier', 'title'], rows)}\n`);
  return ExitCode.ok;
}
