// The principals behind bearer tokens and session cookies, from the database: a service account that is not
// revoked, or a session that has not expired whose user is still a member (their current role: a role changed or
// a member removed takes effect on the next call, not when the session ends).
import { bearerTokenKind, tokenHash } from '../crypto/service-account-keys';
import type { FleetStore } from '../store/fleet-store';
import type { Principal, PrincipalResolver } from './principal';

export function storePrincipals(
  store: Pick<FleetStore, 'serviceAccounts' | 'sessions' | 'members'>,
): PrincipalResolver {
  const fromSession = async (token: string): Promise<Principal | undefined> => {
    const hash = tokenHash(token, 'session');
    const session = hash === null ? undefined : await store.sessions.findValid(hash);
    const member = session && (await store.members.get(session.orgId, session.userId));
    return member && { kind: 'member', orgId: member.orgId, userId: member.userId, role: member.role };
  };
  return {
    fromSessionCookie: fromSession,
    fromBearer: async (token) => {
      const kind = bearerTokenKind(token);
      if (kind === 'session') return fromSession(token);
      if (kind !== 'service_account') return undefined;
      const hash = tokenHash(token, kind);
      const account = hash === null ? undefined : await store.serviceAccounts.findActiveByKeyHash(hash);
      return (
        account && { kind: 'service-account', orgId: account.orgId, serviceAccountId: account.id, role: 'org_admin' }
      );
    },
  };
}
