// A glob in a target is read as each name that matters that it matches, beside the glob itself: `rm -rf ~/Docu*`
// also has the target `~/Documents`, `rm -rf .gi?` the target `./.git`, `rm -rf /e?c` the target `/etc`. Rules
// can then deny the names without knowing every glob that reaches them. Wildcards alone (`*`, `.*`) are left to
// the rules, which read them as a folder's whole contents. As bash does (dotglob off), a glob that
// does not start with `.` never matches a name that does: `rm -rf ~/*` leaves `~/.ssh` alone.
import { compileGlob } from '../glob';
import type { SymbolicPath } from './symbolic-path';

/** Folders and files whose loss the bundled rules guard: in the home, in a project, at the root. */
const NAMES_THAT_MATTER = [
  ...['.git', '.ssh', '.gnupg', '.aws', '.kube', '.password-store', '.config', '.local', '.docker', '.azure'],
  ...['.bashrc', '.zshrc', '.zshenv', '.zprofile', '.profile', '.bash_profile'],
  ...['Documents', 'Desktop', 'Downloads', 'Pictures', 'Music', 'Movies', 'Videos', 'Library', 'AppData'],
  ...['src', 'code', 'projects', 'id_rsa', 'id_ed25519', 'id_ecdsa', 'credentials', 'objects', 'refs', 'HEAD'],
  ...['etc', 'usr', 'bin', 'sbin', 'boot', 'lib', 'lib64', 'var', 'home', 'root', 'opt', 'srv', 'Users', 'System'],
];
const GLOB = /[*?[]/;
/** More readings than this for one path add nothing a rule needs (and a glob-heavy path must stay cheap). */
const MAX_READINGS = 16;

/** The path with each glob segment replaced by each name that matters it matches (not the path itself). */
export function globReadings(path: SymbolicPath): SymbolicPath[] {
  let readings: SymbolicPath[] = [path];
  path.segments.forEach((segment, i) => {
    // A glob of wildcards alone (`*`, `.*`, `?*`) is the whole folder's contents, which rules match as such.
    if (!GLOB.test(segment) || /^\.?$/.test(segment.replace(/\[[^\]]*\]|[*?]/g, ''))) return;
    const matches = namesMatching(segment);
    if (matches.length === 0) return;
    const next: SymbolicPath[] = [...readings];
    for (const reading of readings) {
      for (const name of matches) {
        if (next.length >= MAX_READINGS) break;
        next.push({ start: reading.start, segments: reading.segments.map((s, j) => (j === i ? name : s)) });
      }
    }
    readings = next;
  });
  return readings.slice(1);
}

function namesMatching(glob: string): string[] {
  let matches: (path: string) => boolean;
  try {
    matches = compileGlob(glob);
  } catch {
    return [];
  }
  return NAMES_THAT_MATTER.filter((name) => (glob.startsWith('.') || !name.startsWith('.')) && matches(name));
}
