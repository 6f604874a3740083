// Whose rules govern a hosted MCP caller. The licence names its organization when the issuer put `org_id` in it;
// the fleet's own signer names only the licensee (`sub`, the email), so then the email decides: the organization
// whose `sso_domain` is the email's domain (as licence resolution maps SSO users, tier-resolution.ts), else the one
// organization the email is a member of. A member of several, none of them by domain, is refused rather than
// governed by a guess: applying one organization's rules to another's work is the mistake to avoid.
import { emailDomain, InvalidEmailError } from '../licences/tier-resolution';
import type { FleetStore } from '../store/fleet-store';
import { BearerRefusal, type HostedCaller } from './licence-bearer';

/** The organization's id, or null for a licensee of no organization (ssg's default rules alone). */
export async function callerOrganization(
  store: Pick<FleetStore, 'organizations' | 'members'>,
  caller: HostedCaller,
): Promise<string | null> {
  if (caller.orgId !== undefined) {
    if (!(await store.organizations.get(caller.orgId))) {
      throw new BearerRefusal(403, `the licence names organization ${caller.orgId}, which this fleet does not have`);
    }
    return caller.orgId;
  }
  const email = caller.licence.subject;
  if (email === undefined) return null;
  let domain: string;
  try {
    domain = emailDomain(email);
  } catch (error) {
    if (error instanceof InvalidEmailError) return null;
    throw error;
  }
  const byDomain = await store.organizations.findBySsoDomain(domain);
  if (byDomain) return byDomain.id;
  const memberships = await store.members.ofUser(email);
  if (memberships.length === 0) return null;
  if (memberships.length === 1) return memberships[0]!.orgId;
  throw new BearerRefusal(
    403,
    `${email} is a member of several organizations (${memberships.map((m) => m.orgId).join(', ')}) and none ` +
      `has the sso_domain ${domain}: the hosted MCP cannot tell whose rules apply — ask an org_admin to set it`,
  );
}
