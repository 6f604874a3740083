// The fleet server's API on the wire (spec: Fleet API under /api/v1, Accounts API): the schemas its routes validate
// and serialize with, shared with `ssg auth` and `ssg fleet` (issue 16). Field names are the spec's (snake_case).
import { type Static, Type } from 'typebox';
import { NullableInteger, NullableString, StringEnum } from './json-schema';

export const FLEET_ROLES = ['org_admin', 'policy_author', 'auditor', 'member'] as const;

/** `org_<slug>`: lowercase letters, digits and dashes. */
export const OrgId = Type.String({ pattern: '^org_[a-z0-9][a-z0-9-]{0,62}$' });
const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' });
const Domain = Type.String({
  maxLength: 253,
  pattern: '^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}$',
});

export const OrgParams = Type.Object({ org_id: OrgId });

export const SsoConfigRequest = Type.Object(
  {
    /** `saml` is accepted and stored, and does not enable OIDC login. */
    provider: StringEnum(['oidc', 'saml']),
    issuer_url: Type.String({ minLength: 1, maxLength: 2_048 }),
    client_id: Type.String({ minLength: 1, maxLength: 512 }),
    /** Stored encrypted; never returned. */
    client_secret: Type.String({ minLength: 1, maxLength: 4_096 }),
  },
  { additionalProperties: false },
);

export const SsoConfigResponse = Type.Object({ ok: Type.Boolean(), provider: Type.String(), org_id: Type.String() });

export const MemberRequest = Type.Object(
  { user_id: Email, role: StringEnum(FLEET_ROLES) },
  { additionalProperties: false },
);

export const Member = Type.Object({
  org_id: Type.String(),
  user_id: Type.String(),
  role: StringEnum(FLEET_ROLES),
  created_at: Type.Integer(),
});

export const MemberList = Type.Object({ members: Type.Array(Member) });

export const OrgPatch = Type.Object({ sso_domain: Type.Union([Domain, Type.Null()]) }, { additionalProperties: false });

export const Organization = Type.Object({
  org_id: Type.String(),
  name: Type.String(),
  sso_domain: NullableString(),
  /** The identity provider, when one is configured (never its secret). */
  sso: Type.Union([
    Type.Object({ provider: Type.String(), issuer_url: Type.String(), client_id: Type.String() }),
    Type.Null(),
  ]),
  created_at: Type.Integer(),
});

export const ServiceAccountRequest = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

export const ServiceAccount = Type.Object({
  id: Type.String(),
  name: Type.String(),
  created_at: Type.Integer(),
  revoked_at: NullableInteger(),
});

/** The key is in this answer only: it is stored hashed. */
export const CreatedServiceAccount = Type.Object({ ...ServiceAccount.properties, key: Type.String() });

export const ServiceAccountList = Type.Object({ service_accounts: Type.Array(ServiceAccount) });

export const LicenseResponse = Type.Object({
  /** The licence JWT (Ed25519), as `~/.ssg/license.jwt` takes it. */
  license: Type.String(),
  tier: Type.String(),
  /** ms since the epoch. */
  expires_at: Type.Integer(),
  org_id: NullableString(),
});

/** `POST /api/v1/sessions`: which organization to sign in to, when the email is a member of several. */
export const CliSessionRequest = Type.Object({ org_id: Type.Optional(OrgId) }, { additionalProperties: false });

/** A session for `ssg auth login`: the token is in this answer only (stored hashed); `ssg auth token` prints it. */
export const CliSession = Type.Object({
  token: Type.String(),
  session_id: Type.String(),
  org_id: Type.String(),
  user_id: Type.String(),
  role: StringEnum(FLEET_ROLES),
  /** ms since the epoch. */
  expires_at: Type.Integer(),
});

/** A machine signed in with `ssg auth login` (a CLI session; never its token). */
export const Machine = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  machine: NullableString(),
  signed_in_at: Type.Integer(),
  expires_at: Type.Integer(),
});

export const MachineList = Type.Object({ machines: Type.Array(Machine) });

export const LicencesView = Type.Object({
  /** The organization's subscriptions, active or not, newest first. */
  subscriptions: Type.Array(
    Type.Object({
      id: Type.String(),
      tier: Type.String(),
      starts_at: Type.Integer(),
      ends_at: NullableInteger(),
      active: Type.Boolean(),
    }),
  ),
  /** Licences issued recently under the organization, newest first. */
  issued: Type.Array(
    Type.Object({
      user_id: Type.String(),
      tier: Type.String(),
      machine: NullableString(),
      issued_at: Type.Integer(),
      expires_at: Type.Integer(),
    }),
  ),
});

const IssuerAndClient = {
  /** The provider's issuer URL, as the organization's SSO configuration names it. */
  issuer: Type.String({ minLength: 1, maxLength: 2_048 }),
  client_id: Type.String({ minLength: 1, maxLength: 512 }),
  /** When several organizations share the client: which one. */
  org_id: Type.Optional(OrgId),
};
const Secretish = Type.String({ minLength: 1, maxLength: 8_192 });

/** `POST /api/v1/sso/oidc/token`: the CLI's grant, redeemed by the fleet with the client secret it holds. */
export const OidcTokenRequest = Type.Union([
  Type.Object(
    {
      grant_type: Type.Literal('authorization_code'),
      ...IssuerAndClient,
      code: Secretish,
      code_verifier: Type.String({ minLength: 43, maxLength: 128 }),
      /** Exactly the CLI's loopback callback, http://127.0.0.1:8399/callback. */
      redirect_uri: Type.String({ maxLength: 2_048 }),
      nonce: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      grant_type: Type.Literal('urn:ietf:params:oauth:grant-type:device_code'),
      ...IssuerAndClient,
      device_code: Secretish,
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { grant_type: Type.Literal('refresh_token'), ...IssuerAndClient, refresh_token: Secretish },
    { additionalProperties: false },
  ),
]);

export const OidcTokenResponse = Type.Object({
  id_token: Type.String(),
  access_token: Type.String(),
  refresh_token: NullableString(),
  expires_in: NullableInteger(),
  /** The verified email of the id_token (or of UserInfo). */
  email: Type.String(),
});

/** `POST /api/v1/sso/oidc/device`: starts the device flow at the organization's provider. */
export const OidcDeviceRequest = Type.Object(IssuerAndClient, { additionalProperties: false });

export const OidcDeviceResponse = Type.Object({
  device_code: Type.String(),
  user_code: Type.String(),
  verification_uri: Type.String(),
  verification_uri_complete: NullableString(),
  /** Seconds. */
  expires_in: Type.Integer(),
  /** Seconds between polls of POST /api/v1/sso/oidc/token. */
  interval: Type.Integer(),
});

export type SsoConfigRequest = Static<typeof SsoConfigRequest>;
export type SsoConfigResponse = Static<typeof SsoConfigResponse>;
export type MemberRequest = Static<typeof MemberRequest>;
export type Member = Static<typeof Member>;
export type MemberList = Static<typeof MemberList>;
export type OrgPatch = Static<typeof OrgPatch>;
export type Organization = Static<typeof Organization>;
export type ServiceAccountRequest = Static<typeof ServiceAccountRequest>;
export type ServiceAccount = Static<typeof ServiceAccount>;
export type CreatedServiceAccount = Static<typeof CreatedServiceAccount>;
export type ServiceAccountList = Static<typeof ServiceAccountList>;
export type LicenseResponse = Static<typeof LicenseResponse>;
export type CliSessionRequest = Static<typeof CliSessionRequest>;
export type CliSession = Static<typeof CliSession>;
export type Machine = Static<typeof Machine>;
export type MachineList = Static<typeof MachineList>;
export type LicencesView = Static<typeof LicencesView>;
export type OidcTokenRequest = Static<typeof OidcTokenRequest>;
export type OidcTokenResponse = Static<typeof OidcTokenResponse>;
export type OidcDeviceRequest = Static<typeof OidcDeviceRequest>;
export type OidcDeviceResponse = Static<typeof OidcDeviceResponse>;
