// Whether each adapter's host is detected here and wired to ssg for a project: what `ssg doctor` prints and the
// dashboard's Agents page shows (the daemon serves this same report at GET /api/json/agents).
import { ADAPTERS } from '../registry';
import type { AdapterHealth } from '@ssg/contracts/dashboard';
import type { ClientAdapter } from '../adapter/types';
import type { InstallTarget } from './adapter-installer';
import { installerFor } from '../installers';

export function adapterHealth(adapter: ClientAdapter, target: InstallTarget): AdapterHealth {
  const installer = installerFor(adapter.name);
  // Only generic has no installer: it has nothing to install, so nothing can be missing.
  const problems = installer ? installer.problems(target) : [];
  const covers = installer?.coverage?.(target);
  return {
    name: adapter.name,
    detected: adapter.detect(),
    installed: problems.length === 0,
    problems,
    ...(covers !== undefined ? { covers } : {}),
  };
}

/** Every adapter, in the order users see them listed. */
export const adapterHealthReport = (target: InstallTarget): AdapterHealth[] =>
  ADAPTERS.map((adapter) => adapterHealth(adapter, target));
