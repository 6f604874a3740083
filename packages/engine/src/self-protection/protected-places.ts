// What ssg protects from the agents it watches, as absolute paths on this machine: its home (Sleep at Night's
// switch, the fail-closed sentinel, the spending limits, the rules, the audit log) wherever SSG_HOME puts it, its
// credentials, and the host configuration files that route every call through ssg, wherever the host's own
// variables (CLAUDE_CONFIG_DIR, CODEX_HOME, COPILOT_HOME) put them. The caller (hook, daemon) knows the machine;
// the engine only compares paths, so it stays pure.
import { globMatches, isGlob } from './shell-glob';
import { normalizePath } from './paths';

export interface ProtectedPlaces {
  /** The user's home, for `~`. */
  userHome: string;
  /** The ssg home, absolute. */
  ssgHome: string;
  /** Files an agent may not even read (daemon.token, admin.token, hosts.toml), absolute. */
  secrets: readonly string[];
  /** Host configuration files that carry ssg's hooks, absolute. */
  hostConfigs: readonly string[];
  /** Variables for expanding `$NAME` in shell words (HOME, SSG_HOME, …): the environment the agent's shell has. */
  env: Readonly<Record<string, string | undefined>>;
  /** The running daemon's process id, when one announced itself: signals to it are denied. */
  daemonPid?: number;
  /**
   * The path with its links resolved, or the path itself when it does not exist (realpath): command targets are
   * placed through links (target-place.ts). Without it, by their text alone.
   */
  realPath?: (path: string) => string;
}

/** How a path relates to what is protected. */
export type Touch = 'secret' | 'state' | 'config' | 'ancestor';

/** Names inside an ssg home a glob is tried against (a glob cannot be listed against the disk here). */
const HOME_ENTRIES = [
  'rules',
  'rules/ssg-sleep-at-night.rules',
  'rules/ssg-self-preservation.rules',
  'sleep-mode.json',
  'fail-closed',
  'budget.json',
  'daemon.json',
  'daemon.token',
  'admin.token',
  'hosts.toml',
  'audit.sqlite',
  'ledger.sqlite',
  'state',
  'logs',
  'cache',
];

/** What a literal absolute path touches, if anything. */
export function touchOfPath(path: string, places: ProtectedPlaces): Touch | undefined {
  if (places.secrets.includes(path)) return 'secret';
  if (path === places.ssgHome || path.startsWith(`${places.ssgHome}/`)) return 'state';
  if (places.hostConfigs.includes(path)) return 'config';
  if (places.ssgHome.startsWith(`${path}/`) || path === '/') return 'ancestor';
  return undefined;
}

/** The most serious thing an absolute path or glob can name: a glob is tried against every protected place. */
export function touchOf(pathOrGlob: string, places: ProtectedPlaces): Touch | undefined {
  if (!isGlob(pathOrGlob)) return touchOfPath(pathOrGlob, places);
  // A glob whose fixed start already lies inside the home names something there, whatever it expands to.
  const fixed = pathOrGlob.slice(0, pathOrGlob.search(/[*?[{]/));
  if (fixed.startsWith(`${places.ssgHome}/`))
    return places.secrets.some((s) => globMatches(pathOrGlob, s)) ? 'secret' : 'state';
  const candidates = [
    ...places.secrets,
    places.ssgHome,
    ...HOME_ENTRIES.map((entry) => `${places.ssgHome}/${entry}`),
    ...places.hostConfigs,
    ...ancestorsOf(places.ssgHome),
  ];
  let found: Touch | undefined;
  for (const candidate of candidates) {
    if (!globMatches(pathOrGlob, candidate)) continue;
    const touch = touchOfPath(candidate, places);
    if (touch === 'secret') return touch;
    found ??= touch;
  }
  return found;
}

function ancestorsOf(path: string): string[] {
  const ancestors: string[] = [];
  for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) {
    ancestors.push(normalizePath(path.slice(0, at)));
  }
  return ancestors;
}
