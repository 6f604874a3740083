// The tier a licence request resolves to from the fleet's database (spec, Authentication 4): resolveTier
// (tier-resolution.ts) over the active subscriptions of the email's own account and of the organization whose
// sso_domain is the email's domain. What the accounts API signs, and what the operator's commands can check.
import type { FleetStore } from '../store/fleet-store';
import type { Subscription as StoredSubscription } from '../store/subscriptions';
import {
  type AccountRecord,
  emailDomain,
  type OrganizationRecord,
  resolveTier,
  type Subscription,
  type TierResolution,
} from './tier-resolution';

/** `now` in ms since the epoch. Throws InvalidEmailError for what is not an email. */
export async function storedTier(
  store: Pick<FleetStore, 'subscriptions' | 'organizations'>,
  email: string,
  now: number,
): Promise<TierResolution> {
  const domain = emailDomain(email);
  const accounts: AccountRecord[] = (await store.subscriptions.active({ accountEmail: email }))
    .map(toTierSubscription)
    .filter((subscription) => subscription !== null)
    .map((subscription) => ({ email, subscription }));
  const holder = await store.organizations.findBySsoDomain(domain);
  const organizations: OrganizationRecord[] = holder
    ? (await store.subscriptions.active({ orgId: holder.id }))
        .map(toTierSubscription)
        .filter((subscription) => subscription !== null)
        .map((subscription) => ({ orgId: holder.id, ssoDomain: holder.ssoDomain, subscription }))
    : [];
  return resolveTier(email, { accounts, organizations }, now / 1000);
}

/** The store already chose the active ones; tiers resolveTier does not know give nothing. */
function toTierSubscription(stored: StoredSubscription): Subscription | null {
  if (stored.tier !== 'pro' && stored.tier !== 'enterprise') return null;
  return { tier: stored.tier, status: 'active', endsAt: stored.endsAt === null ? null : stored.endsAt / 1000 };
}
