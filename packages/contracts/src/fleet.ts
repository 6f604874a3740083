// The fleet server's paths (spec: Fleet API with the prefix /api/v1, the Accounts API, the hosted MCP) and the
// types of its wire format (schemas/fleet.ts). Loads no schema library.
export const FLEET_API_PREFIX = '/api/v1';

export const fleetPaths = {
  org: (orgId: string) => `${FLEET_API_PREFIX}/orgs/${orgId}`,
  members: (orgId: string) => `${FLEET_API_PREFIX}/orgs/${orgId}/members`,
  serviceAccounts: (orgId: string) => `${FLEET_API_PREFIX}/orgs/${orgId}/service-accounts`,
  ssoConfig: (orgId: string) => `${FLEET_API_PREFIX}/orgs/${orgId}/sso/config`,
  oidcLogin: (orgId: string) => `${FLEET_API_PREFIX}/orgs/${orgId}/sso/oidc/login`,
  oidcCallback: (orgId: string) => `${FLEET_API_PREFIX}/orgs/${orgId}/sso/oidc/callback`,
  machines: (orgId: string) => `${FLEET_API_PREFIX}/orgs/${orgId}/machines`,
  licences: (orgId: string) => `${FLEET_API_PREFIX}/orgs/${orgId}/licences`,
  /** `ssg auth login` exchanges the provider's id_token here for a session token. */
  sessions: `${FLEET_API_PREFIX}/sessions`,
  /** The CLI's token broker: the fleet redeems codes, device codes and refresh tokens with the client secret. */
  oidcToken: `${FLEET_API_PREFIX}/sso/oidc/token`,
  /** Starts the device flow (`ssg auth login --sso --device`). */
  oidcDevice: `${FLEET_API_PREFIX}/sso/oidc/device`,
  /** The caller's own session (sign-out with its bearer). */
  currentSession: `${FLEET_API_PREFIX}/sessions/current`,
} as const;

/** The header in which the CLI names its machine (its host name) to the accounts API and the session exchange. */
export const MACHINE_HEADER = 'x-ssg-machine';

export const ACCOUNTS_LICENSE_PATH = '/api/license';
export const FLEET_SESSION_COOKIE = 'ssg_fleet_session';
/** What every sign-in asks the identity provider for: the scopes the spec's provider application must allow
 * (IdP requirements: "at least openid, email, profile"), so no sign-in fails on a scope a provider refuses. */
export const OIDC_SCOPES = 'openid email profile';
/** The CLI's loopback callback (spec, Limits): registered at the provider beside the server's own. */
export const CLI_SSO_CALLBACK = 'http://127.0.0.1:8399/callback';

export type {
  CliSession,
  CliSessionRequest,
  LicencesView,
  Machine,
  MachineList,
  OidcDeviceRequest,
  OidcDeviceResponse,
  OidcTokenRequest,
  OidcTokenResponse,
  CreatedServiceAccount,
  LicenseResponse,
  Member,
  MemberList,
  MemberRequest,
  Organization,
  OrgPatch,
  ServiceAccount,
  ServiceAccountList,
  ServiceAccountRequest,
  SsoConfigRequest,
  SsoConfigResponse,
} from './schemas/fleet';
