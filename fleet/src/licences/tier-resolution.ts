// Which tier an SSO user's licence carries (spec, Authentication 4): from a subscription of the account with the
// user's email, or of an organization whose `sso_domain` is the email's domain. A pure function over records the
// caller looked up; the email must already be proven (a verified token from the organization's provider).
//
// Rules:
// - Only an active subscription counts (status "active", and its paid period, when it has an end, not over), so
//   ENTERPRISE needs an active enterprise subscription; with none, the tier is free.
// - Emails and domains compare case-insensitively (DNS names are; mail providers treat local parts so too).
// - The domain must equal `sso_domain` exactly: a subdomain does not match. `sso_domain` is one name an admin
//   typed, and the names under it are often someone else's (a university's departments, a hosting provider's
//   customers at `<name>.host.example`); an organization that wants a subdomain sets that one.
// - When several records match (an account's own subscription and its organization's), the highest tier wins.
export type Tier = 'free' | 'pro' | 'enterprise';

const RANK: Record<Tier, number> = { free: 0, pro: 1, enterprise: 2 };

export interface Subscription {
  tier: Exclude<Tier, 'free'>;
  status: 'active' | 'past_due' | 'cancelled';
  /** End of the paid period, seconds since the epoch; null while it renews without an end. */
  endsAt: number | null;
}

export interface AccountRecord {
  email: string;
  subscription: Subscription | null;
}

export interface OrganizationRecord {
  orgId: string;
  ssoDomain: string | null;
  subscription: Subscription | null;
}

export type TierSource =
  { kind: 'account'; email: string } | { kind: 'organization'; orgId: string } | { kind: 'none' };

export interface TierResolution {
  tier: Tier;
  /** Which record gave the tier, for the audit log and for `ssg doctor`'s explanation. */
  source: TierSource;
}

export class InvalidEmailError extends Error {
  override readonly name = 'InvalidEmailError';
}

/** The lowercase domain of an email address, the key to look organizations up by. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1).trim();
  if (at <= 0 || domain === '' || domain.startsWith('.') || domain.endsWith('.') || /\s/.test(domain)) {
    throw new InvalidEmailError(`${JSON.stringify(email)} is not an email address (<name>@<domain>)`);
  }
  return domain.toLowerCase();
}

export interface TierRecords {
  accounts: readonly AccountRecord[];
  organizations: readonly OrganizationRecord[];
}

/** `now` in seconds since the epoch. */
export function resolveTier(email: string, { accounts, organizations }: TierRecords, now: number): TierResolution {
  const domain = emailDomain(email);
  const address = email.trim().toLowerCase();
  const candidates: TierResolution[] = [];
  for (const account of accounts) {
    const tier = activeTier(account.subscription, now);
    if (tier !== null && account.email.trim().toLowerCase() === address) {
      candidates.push({ tier, source: { kind: 'account', email: account.email } });
    }
  }
  for (const organization of organizations) {
    const tier = activeTier(organization.subscription, now);
    if (tier !== null && organization.ssoDomain?.trim().toLowerCase() === domain) {
      candidates.push({ tier, source: { kind: 'organization', orgId: organization.orgId } });
    }
  }
  return candidates.reduce<TierResolution>(
    (best, candidate) => (RANK[candidate.tier] > RANK[best.tier] ? candidate : best),
    {
      tier: 'free',
      source: { kind: 'none' },
    },
  );
}

function activeTier(subscription: Subscription | null, now: number): Tier | null {
  if (subscription === null || subscription.status !== 'active') return null;
  return subscription.endsAt === null || subscription.endsAt > now ? subscription.tier : null;
}
