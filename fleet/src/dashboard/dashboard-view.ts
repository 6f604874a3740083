// What one viewer's dashboard shows, read from the store: the organization and its SSO settings for everyone, and
// each list only when the viewer's role may read it (roles.ts), so a section the role may not see is never even
// loaded. The client secret is not part of this: nothing here can render it.
import type { Principal } from '../auth/principal';
import { type Permission, roleMay } from '../auth/roles';
import type { FleetStore } from '../store/fleet-store';
import type { Member } from '../store/members';
import type { Organization } from '../store/organizations';
import type { ServiceAccount } from '../store/service-accounts';
import { isActiveAt, type Subscription } from '../store/subscriptions';

/** How many of the latest licences the Licences section lists. */
export const RECENT_LICENCES = 50;

export interface DashboardView {
  org: Organization;
  sso: { provider: string; issuerUrl: string; clientId: string; updatedAt: number } | null;
  viewer: Principal;
  /** Where users reach the fleet: redirect URIs are built from it. */
  publicUrl: string;
  now: number;
  may(permission: Permission): boolean;
  members?: Member[];
  serviceAccounts?: ServiceAccount[];
  subscriptions?: (Subscription & { active: boolean })[];
  licences?: { userId: string; tier: string; machine: string | null; issuedAt: number; expiresAt: number }[];
  machines?: { id: string; userId: string; machine: string | null; createdAt: number; expiresAt: number }[];
}

export async function loadDashboardView(
  store: FleetStore,
  options: { org: Organization; viewer: Principal; publicUrl: string; now: number },
): Promise<DashboardView> {
  const { org, viewer, now } = options;
  const may = (permission: Permission) => roleMay(viewer.role, permission);
  const when = <T>(permission: Permission, load: () => Promise<T>) =>
    may(permission) ? load() : Promise.resolve(undefined);
  const [sso, members, serviceAccounts, subscriptions, licences, machines] = await Promise.all([
    store.ssoConfigs.get(org.id),
    when('members:read', () => store.members.list(org.id)),
    when('service-accounts:manage', () => store.serviceAccounts.list(org.id)),
    when('licences:read', () => store.subscriptions.list({ orgId: org.id })),
    when('licences:read', () => store.licenceGrants.recent(org.id, RECENT_LICENCES)),
    when('licences:read', () => store.sessions.machines(org.id)),
  ]);
  return {
    ...options,
    may,
    sso: sso
      ? { provider: sso.provider, issuerUrl: sso.issuerUrl, clientId: sso.clientId, updatedAt: sso.updatedAt }
      : null,
    members,
    serviceAccounts,
    subscriptions: subscriptions
      ?.map((s) => ({ ...s, active: isActiveAt(s, now) }))
      .sort((a, b) => Number(b.active) - Number(a.active) || b.startsAt - a.startsAt),
    licences,
    machines,
  };
}
