// `<home>/hosts.toml`, the SSO sign-in's file (spec: CLI and local files, "CLI token store, file mode 0600"):
// who is signed in to which fleet and organization, where the tokens are, and the licence the fleet issued.
// Always written whole and atomically with mode 0600 (atomic-write.ts): a reader, or a crash, never sees half.
//
//   [sso]
//   fleet_url = "…"  issuer = "…"  client_id = "…"  org_id = "…"  email = "…"  role = "…"  session_id = "…"
//   session_expires_at = 0   # ms since the epoch
//   signed_in_at = 0         # ms since the epoch
//   token_store = "keychain" # or "file"
//   [sso.tokens]             # only with token_store = "file"
//   id_token = "…"  access_token = "…"  refresh_token = ""  session_token = "…"
//   [license]
//   token = "<jwt>"  tier = "…"  expires_at = 0   # ms since the epoch
import { stringify as stringifyToml } from 'smol-toml';
import { readTomlFile } from './toml-file';
import { writeFileAtomic } from '../atomic-write';
import { hostsFilePath } from './hosts-path';

export { hostsFilePath };

export type TokenStore = 'keychain' | 'file';

/** The sign-in's tokens. Secrets: never logged, printed (but by `ssg auth token`) or put in an error. */
export interface SignInTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string | null;
  /** The fleet's `ssg_session_…` token. */
  sessionToken: string;
}

/** Who is signed in where; no secret. Times in ms since the epoch. */
export interface SignIn {
  fleetUrl: string;
  issuer: string;
  clientId: string;
  orgId: string;
  email: string;
  role: string;
  sessionId: string;
  sessionExpiresAt: number;
  signedInAt: number;
  tokenStore: TokenStore;
}

/** The licence the fleet issued for the sign-in. */
export interface Licence {
  token: string;
  tier: string;
  /** ms since the epoch. */
  expiresAt: number;
}

export interface HostsFile {
  sso?: SignIn;
  /** Only with tokenStore "file". */
  tokens?: SignInTokens;
  license?: Licence;
}

/** hosts.toml is there but unusable; the message names the file and what is wrong. */
export class HostsFileError extends Error {
  override readonly name = 'HostsFileError';
}

/** The file's content; an empty object when there is none. */
export function readHostsFile(home: string): HostsFile {
  const path = hostsFilePath(home);
  const table = readTomlFile(
    path,
    (problem) => new HostsFileError(`${problem}; sign in again with ssg auth login --sso`),
  );
  if (table === undefined) return {};
  return new HostsReader(path).read(table);
}

export function writeHostsFile(home: string, file: HostsFile): void {
  const table: Record<string, unknown> = {};
  if (file.sso) {
    const s = file.sso;
    const sso: Record<string, unknown> = {
      fleet_url: s.fleetUrl,
      issuer: s.issuer,
      client_id: s.clientId,
      org_id: s.orgId,
      email: s.email,
      role: s.role,
      session_id: s.sessionId,
      session_expires_at: s.sessionExpiresAt,
      signed_in_at: s.signedInAt,
      token_store: s.tokenStore,
    };
    if (s.tokenStore === 'file' && file.tokens) {
      const t = file.tokens;
      sso.tokens = {
        id_token: t.idToken,
        access_token: t.accessToken,
        refresh_token: t.refreshToken ?? '',
        session_token: t.sessionToken,
      };
    }
    table.sso = sso;
  }
  if (file.license) {
    table.license = { token: file.license.token, tier: file.license.tier, expires_at: file.license.expiresAt };
  }
  const header = '# ssg: the SSO sign-in (ssg auth login --sso). Holds credentials: keep it private (mode 0600).\n';
  writeFileAtomic(hostsFilePath(home), `${header}${stringifyToml(table)}\n`, { mode: 0o600 });
}

/** Checks each value's type; a wrong one is named with its table and key. */
class HostsReader {
  constructor(private readonly path: string) {}

  read(table: Record<string, unknown>): HostsFile {
    const file: HostsFile = {};
    if (table.sso !== undefined) {
      const sso = this.table(table.sso, '[sso]');
      const tokenStore = this.string(sso, 'token_store', '[sso]');
      if (tokenStore !== 'keychain' && tokenStore !== 'file') {
        throw this.error('[sso] token_store must be "keychain" or "file"');
      }
      file.sso = {
        fleetUrl: this.string(sso, 'fleet_url', '[sso]'),
        issuer: this.string(sso, 'issuer', '[sso]'),
        clientId: this.string(sso, 'client_id', '[sso]'),
        orgId: this.string(sso, 'org_id', '[sso]'),
        email: this.string(sso, 'email', '[sso]'),
        role: this.string(sso, 'role', '[sso]'),
        sessionId: this.string(sso, 'session_id', '[sso]'),
        sessionExpiresAt: this.integer(sso, 'session_expires_at', '[sso]'),
        signedInAt: this.integer(sso, 'signed_in_at', '[sso]'),
        tokenStore,
      };
      if (sso.tokens !== undefined) {
        const tokens = this.table(sso.tokens, '[sso.tokens]');
        const refreshToken = this.string(tokens, 'refresh_token', '[sso.tokens]');
        file.tokens = {
          idToken: this.string(tokens, 'id_token', '[sso.tokens]'),
          accessToken: this.string(tokens, 'access_token', '[sso.tokens]'),
          refreshToken: refreshToken === '' ? null : refreshToken,
          sessionToken: this.string(tokens, 'session_token', '[sso.tokens]'),
        };
      }
    }
    if (table.license !== undefined) {
      const license = this.table(table.license, '[license]');
      file.license = {
        token: this.string(license, 'token', '[license]'),
        tier: this.string(license, 'tier', '[license]'),
        expiresAt: this.integer(license, 'expires_at', '[license]'),
      };
    }
    return file;
  }

  private table(value: unknown, name: string): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) {
      throw this.error(`${name} must be a table`);
    }
    return value as Record<string, unknown>;
  }

  private string(table: Record<string, unknown>, key: string, where: string): string {
    const value = table[key];
    if (typeof value !== 'string') throw this.error(`${where} ${key} must be a string`);
    return value;
  }

  private integer(table: Record<string, unknown>, key: string, where: string): number {
    const value = table[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      throw this.error(`${where} ${key} must be an integer (ms since the epoch)`);
    }
    return value;
  }

  private error(problem: string): HostsFileError {
    return new HostsFileError(`${this.path}: ${problem}; sign in again with ssg auth login --sso`);
  }
}
