// Signing this machine in to the organization's fleet from the dashboard (the daemon's /api/fleet/… routes): the
// same sign-in `ssg auth login --sso` makes, started by the daemon and finished in the background while the page
// (or the desktop app's fleet window) takes the person through the identity provider. Field names are snake_case,
// like the fleet's own API and `ssg auth status --json`. No answer ever carries a token.
import { type Static, Type } from 'typebox';
import { OrgId } from './fleet';
import { NullableInteger, NullableString, StringEnum } from './json-schema';

const WebUrl = Type.String({ minLength: 8, maxLength: 2_048, pattern: '^https?://[^\\s]+$' });

/** POST /api/fleet/login: each value left out is resolved as `ssg auth login --sso` does (env, ~/.ssg/fleet.toml). */
export const FleetLoginRequest = Type.Object(
  {
    issuer: Type.Optional(WebUrl),
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 512, pattern: '^[^\\s]+$' })),
    fleet_url: Type.Optional(WebUrl),
    /** Which organization, when the email is a member of several. */
    org_id: Type.Optional(OrgId),
  },
  { additionalProperties: false },
);

/** The login has started: the page (or the desktop app's fleet window) opens this at the identity provider. */
export const FleetLoginStarted = Type.Object({ authorization_url: Type.String() });

export const FLEET_LOGIN_STATES = ['idle', 'waiting', 'signed-in', 'failed', 'cancelled'] as const;

/** GET /api/fleet/login: how the last login started here is doing. */
export const FleetLoginProgress = Type.Object({
  /** idle: none started since the daemon started; waiting: at the provider; then signed-in, failed or cancelled. */
  state: StringEnum(FLEET_LOGIN_STATES),
  /** Why it failed, in words for the person (or that a sign-in got no licence); null otherwise. */
  message: NullableString(),
  /** While waiting: where the person signs in. */
  authorization_url: NullableString(),
  /** The fleet and the provider of this login (the desktop app's fleet window may visit their origins only). */
  fleet_url: NullableString(),
  issuer: NullableString(),
  /** ms since the epoch. */
  started_at: NullableInteger(),
  finished_at: NullableInteger(),
});

export const FleetLicence = Type.Object({
  tier: Type.String(),
  /** ms since the epoch. */
  expires_at: Type.Integer(),
  /** sso: from the fleet at sign-in (hosts.toml); file: ~/.ssg/license.jwt. */
  source: StringEnum(['sso', 'file']),
});

/** GET /api/fleet/status: this machine's fleet sign-in, as `ssg auth status` shows it. */
export const FleetStatus = Type.Object({
  signed_in: Type.Boolean(),
  /** The fleet signed in to; when signed out, the one a sign-in would use (null: none configured). */
  fleet_url: NullableString(),
  /** The identity provider, likewise. */
  issuer: NullableString(),
  client_id: NullableString(),
  org_id: NullableString(),
  /** The organization's name, as the fleet says it (null when signed out or the fleet did not answer). */
  org_name: NullableString(),
  /** The organization's dashboard on the fleet: `<fleet_url>/orgs/<org_id>/`. */
  dashboard_url: NullableString(),
  email: NullableString(),
  role: NullableString(),
  /** ms since the epoch. */
  signed_in_at: NullableInteger(),
  session_expires_at: NullableInteger(),
  /** Where the tokens are kept: the OS keychain, or ~/.ssg/hosts.toml (mode 0600) where there is none. */
  token_store: Type.Union([StringEnum(['keychain', 'file']), Type.Null()]),
  /** The licence in force (verified), null when there is none. */
  licence: Type.Union([FleetLicence, Type.Null()]),
  /** Why there is no licence in force (none, expired, not signed by a trusted issuer). */
  licence_problem: NullableString(),
  /** What a sign-in still needs (no fleet or provider configured: the settings and where they go); null when it can start. */
  settings_problem: NullableString(),
});

/** POST /api/fleet/refresh: the licence asked for again; the tier before, and the status after. */
export const FleetRefreshResult = Type.Object({
  previous_tier: NullableString(),
  status: FleetStatus,
});

export type FleetLoginRequest = Static<typeof FleetLoginRequest>;
export type FleetLoginStarted = Static<typeof FleetLoginStarted>;
export type FleetLoginState = (typeof FLEET_LOGIN_STATES)[number];
export type FleetLoginProgress = Static<typeof FleetLoginProgress>;
export type FleetLicence = Static<typeof FleetLicence>;
export type FleetStatus = Static<typeof FleetStatus>;
export type FleetRefreshResult = Static<typeof FleetRefreshResult>;
