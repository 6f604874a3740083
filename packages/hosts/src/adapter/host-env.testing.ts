// For tests of detection: each test runs with a fresh empty HOME and none of the variables any host is
// detected by (nor SSG_CLIENT), whatever the machine running the tests has set. Call inside a describe().
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'node:test';
import { HOST_ADAPTERS } from '../registry';

export interface HostEnvironment {
  /** Sets variables and creates folders (relative to the temp HOME) for the current test. */
  set(variables: Readonly<Record<string, string>>, homeFolders?: readonly string[]): void;
}

export function isolateHostEnvironment(): HostEnvironment {
  const variables = [
    'HOME',
    'SSG_CLIENT',
    ...HOST_ADAPTERS.flatMap(({ signals }) => [...(signals.variables ?? []), ...Object.keys(signals.values ?? {})]),
  ];
  let saved: Record<string, string | undefined> = {};
  let home = '';
  beforeEach(() => {
    saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
    for (const name of variables) delete process.env[name];
    home = mkdtempSync(join(tmpdir(), 'ssg-host-home-'));
    process.env.HOME = home;
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(home, { recursive: true, force: true });
  });
  return {
    set(values, homeFolders = []) {
      Object.assign(process.env, values);
      for (const folder of homeFolders) mkdirSync(join(home, folder), { recursive: true });
    },
  };
}
