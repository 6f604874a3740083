// `ssg hub pull <ruleset>` and `ssg hub list`: rule packs from a hub, verified against the pinned key
// before anything is installed (docs/hub.md).
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { hubList } from './hub-list';
import { hubPull } from './hub-pull';

const help = `Usage: ssg hub pull <ruleset> [--hub <url>] [--project] [--dry-run]
       ssg hub list [--hub <url>] [--json]

Rule packs from a hub. The hub publishes manifest.json; every ruleset in it carries a SHA-256 content hash and
an Ed25519 signature. ssg accepts only the hub signing key pinned in ssg itself (or SSG_HUB_PUBLIC_KEY, DER
SPKI hex, for self-hosted hubs), never a key the hub sends.

pull: fetches the manifest, checks the hub's signing key against the pinned one, downloads the ruleset,
  verifies its hash and signature, and installs it atomically. A ruleset that fails any check is refused and
  nothing is written. Pulling the same ruleset again replaces it (or leaves it alone when it is unchanged).
  Rulesets whose required_tier is not "free" are refused for now (ssg cannot check licenses yet).
list: the rulesets of the hub (id, rules, tier, title).

Options:
  --hub <url>   the hub's base URL (manifest.json is read from there); default: $SSG_HUB_URL, else
                the ssg hub (https://fleet.ssg.dev/hub/)
  --project     pull: install into the project's .ssg/rules/hub/ (in the working directory)
                instead of ~/.ssg/rules/hub/
  --dry-run     pull: fetch and verify everything, write nothing
  --json        list: print the manifest's rulesets as JSON
  -h, --help    show this help

Output: progress lines (what was fetched, what was verified), then where the ruleset was written.

Exit codes: 0 pulled (or listed), 1 refused or failed (network, malformed manifest, unknown ruleset, tier,
hash or signature mismatch, key mismatch), 2 usage error.

Examples:
  ssg hub pull rules-nemoclaw
  ssg hub pull rules-nemoclaw --project --dry-run
  SSG_HUB_URL=http://127.0.0.1:8080/ ssg hub list
`;

export const hubCommand: Command = {
  name: 'hub',
  summary: 'pull verified rule packs from a hub (`ssg hub pull <ruleset>`, `ssg hub list`)',
  help,
  run(argv) {
    const [subcommand, ...rest] = argv;
    if (subcommand === 'pull') return hubPull(rest);
    if (subcommand === 'list') return hubList(rest);
    const fix = 'use `ssg hub pull <ruleset>` or `ssg hub list`';
    throw subcommand === undefined
      ? usageError('missing subcommand', fix)
      : usageError(`unknown subcommand '${subcommand}'`, fix);
  },
};
