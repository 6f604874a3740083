// Who makes a fleet API call: a member signed in (their session, as a cookie from the dashboard or as the bearer
// token `ssg auth token` prints), or a service account of an organization (spec, Authentication 1).
import type { Role } from './roles';

export type Principal =
  | { kind: 'member'; orgId: string; userId: string; role: Role }
  /** Acts for its organization with an admin's permissions (see roles.ts). */
  | { kind: 'service-account'; orgId: string; serviceAccountId: string; role: 'org_admin' };

/** Finds the principal a bearer token or session cookie stands for; undefined when it stands for none. */
export interface PrincipalResolver {
  fromBearer(token: string): Promise<Principal | undefined>;
  fromSessionCookie(token: string): Promise<Principal | undefined>;
}
