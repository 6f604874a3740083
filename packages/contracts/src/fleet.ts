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
} as const;

export const ACCOUNTS_LICENSE_PATH = '/api/license';
export const FLEET_SESSION_COOKIE = 'ssg_fleet_session';
/** The CLI's loopback callback (spec, Limits): registered at the provider beside the server's own. */
export const CLI_SSO_CALLBACK = 'http://127.0.0.1:8399/callback';

export type {
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
