// Where `ssg auth login --sso` signs in: the identity provider's issuer and the client id of the organization's
// application (spec: CLI and local files), the fleet server that brokers the tokens and licences, and the
// organization when the email belongs to several. Each value comes from the first of: the command's flag, the
// environment (SSG_SSO_ISSUER, SSG_SSO_CLIENT_ID, SSG_FLEET_URL, SSG_FLEET_ORG), `<home>/fleet.toml`, and for the
// issuer and client id a question to the person; the fleet URL defaults to ssg's hosted fleet.
//
//   fleet_url = "https://fleet.example.com"
//   org_id = "acme"
//   [sso]
//   issuer = "https://acme.okta.com/oauth2/default"
//   client_id = "0oa…"
import { join } from 'node:path';
import { readTomlFile } from './toml-file';

export const DEFAULT_FLEET_URL = 'https://fleet.ssg.dev';

export const fleetSettingsPath = (home: string): string => join(home, 'fleet.toml');

export interface SsoSettings {
  issuer: string;
  clientId: string;
  fleetUrl: string;
  orgId: string | null;
}

export interface SsoSettingFlags {
  issuer?: string | undefined;
  clientId?: string | undefined;
  fleetUrl?: string | undefined;
  orgId?: string | undefined;
}

export interface ResolveSsoSettingsOptions {
  flags: SsoSettingFlags;
  env: NodeJS.ProcessEnv;
  home: string;
  /** Asks the person for a value (a TTY); without it a missing issuer or client id is an error. */
  prompt?: ((question: string) => Promise<string>) | undefined;
}

/** A setting is missing and cannot be asked for, or fleet.toml is not usable; the message says which and how. */
export class SsoSettingsError extends Error {
  override readonly name = 'SsoSettingsError';
}

interface FleetFile {
  fleetUrl?: string;
  orgId?: string;
  issuer?: string;
  clientId?: string;
}

export async function resolveSsoSettings({
  flags,
  env,
  home,
  prompt,
}: ResolveSsoSettingsOptions): Promise<SsoSettings> {
  const file = readFleetFile(home);
  const first = (...values: Array<string | undefined>): string | undefined =>
    values.map((value) => value?.trim()).find((value) => value !== undefined && value !== '');

  const fleetUrl = first(flags.fleetUrl, env.SSG_FLEET_URL, file.fleetUrl) ?? DEFAULT_FLEET_URL;
  const orgId = first(flags.orgId, env.SSG_FLEET_ORG, file.orgId) ?? null;
  let issuer = first(flags.issuer, env.SSG_SSO_ISSUER, file.issuer);
  let clientId = first(flags.clientId, env.SSG_SSO_CLIENT_ID, file.clientId);

  if (issuer === undefined || clientId === undefined) {
    if (!prompt) {
      const missing = [
        issuer === undefined ? 'the identity provider (--issuer=<issuer_url> or SSG_SSO_ISSUER)' : undefined,
        clientId === undefined ? 'the client id (--client-id=<client_id> or SSG_SSO_CLIENT_ID)' : undefined,
      ].filter((item) => item !== undefined);
      throw new SsoSettingsError(
        `SSO sign-in needs ${missing.join(' and ')}; your organization's admin has them. ` +
          `They can also go in ${fleetSettingsPath(home)} ([sso] issuer, client_id).`,
      );
    }
    issuer ??= first(await prompt('Identity provider (issuer URL): '));
    clientId ??= first(await prompt('Client id of the SSO application: '));
    if (issuer === undefined || clientId === undefined) {
      throw new SsoSettingsError('SSO sign-in needs both the issuer URL and the client id');
    }
  }
  return {
    issuer: httpUrl(issuer, 'the issuer'),
    clientId,
    fleetUrl: httpUrl(fleetUrl, 'the fleet URL').replace(/\/+$/, ''),
    orgId,
  };
}

function httpUrl(text: string, what: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SsoSettingsError(`${what} ${JSON.stringify(text)} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SsoSettingsError(`${what} ${JSON.stringify(text)} is not an http(s) URL`);
  }
  return text;
}

function readFleetFile(home: string): FleetFile {
  const path = fleetSettingsPath(home);
  const table = readTomlFile(path, (problem) => new SsoSettingsError(problem));
  if (table === undefined) return {};
  const sso = table.sso ?? {};
  if (typeof sso !== 'object' || sso === null || Array.isArray(sso)) {
    throw new SsoSettingsError(`${path}: [sso] must be a table (issuer, client_id)`);
  }
  const optionalString = (value: unknown, key: string): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new SsoSettingsError(`${path}: ${key} must be a string`);
    return value;
  };
  const ssoTable = sso as Record<string, unknown>;
  const file: FleetFile = {};
  const fleetUrl = optionalString(table.fleet_url, 'fleet_url');
  const orgId = optionalString(table.org_id, 'org_id');
  const issuer = optionalString(ssoTable.issuer, '[sso] issuer');
  const clientId = optionalString(ssoTable.client_id, '[sso] client_id');
  if (fleetUrl !== undefined) file.fleetUrl = fleetUrl;
  if (orgId !== undefined) file.orgId = orgId;
  if (issuer !== undefined) file.issuer = issuer;
  if (clientId !== undefined) file.clientId = clientId;
  return file;
}
