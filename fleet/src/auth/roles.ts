// What each member role may do in its organization (the spec names the roles and leaves their permissions to us:
// Authentication 10). Every fleet route names the one permission it needs, and this table is the only place that
// grants it. A service account acts for its organization with an admin's permissions: it is what the spec
// recommends for admin calls, and an admin creates it and can revoke it.
export const ROLES = ['org_admin', 'policy_author', 'auditor', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = {
  /** See the organization, its SSO domain and whether SSO is configured (never the secret). */
  'org:read': ['org_admin', 'policy_author', 'auditor', 'member'],
  /** Set `sso_domain` (spec: admin only). */
  'org:update': ['org_admin'],
  /** Configure the identity provider. */
  'sso:configure': ['org_admin'],
  /** Add members, change their roles, remove them. */
  'members:manage': ['org_admin'],
  /** See who the members are and their roles. */
  'members:read': ['org_admin', 'auditor'],
  /** Create and revoke service accounts. */
  'service-accounts:manage': ['org_admin'],
  /** Publish the organization's rules (what its hosted MCP evaluates against). */
  'rules:publish': ['org_admin', 'policy_author'],
  /** Read the organization's rules. */
  'rules:read': ['org_admin', 'policy_author', 'auditor', 'member'],
  /** See the licences issued and the machines signed in. */
  'licences:read': ['org_admin', 'auditor'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleMay(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
