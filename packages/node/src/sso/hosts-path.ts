// Where the SSO sign-in is kept: `<home>/hosts.toml` (spec: CLI and local files). Its own module, free of the
// TOML parser, because the hooks need the path (self-protection guards the file; the opencode hook reads the
// licence in it) and their bundle must stay small (cli/src/hook-bundle.test.ts).
import { join } from 'node:path';

export const hostsFilePath = (home: string): string => join(home, 'hosts.toml');
