// The XDG base directories inside a temp root, for host CLIs that keep config, data, caches and state there
// (OpenCode, Copilot): set alongside HOME, since the runner's own XDG_* variables would otherwise win over it.
import { join } from 'node:path';

export function xdgDirs(root: string): Record<string, string> {
  return {
    XDG_CONFIG_HOME: join(root, '.config'),
    XDG_DATA_HOME: join(root, '.local', 'share'),
    XDG_CACHE_HOME: join(root, '.cache'),
    XDG_STATE_HOME: join(root, '.local', 'state'),
  };
}
