// The operator's subscription commands: `subscribe`, `unsubscribe`, `subscriptions`. A subscription is what gives
// a licence a paid tier (licences/tier-resolution.ts; ENTERPRISE needs an active enterprise subscription), so it
// is billing, which an organization's admin does not grant itself: there is no HTTP API for it, only this command
// line on the fleet's own database. Ending one keeps it, with its end, as history.
import { parseArgs } from 'node:util';
import type { Tier } from '../licences/tier-resolution';
import type { FleetStore } from '../store/fleet-store';
import { InvalidMemberError, normalizeEmail } from '../store/members';
import { isOrganizationId } from '../store/organizations';
import { isActiveAt, type Subscription, type SubscriptionHolder } from '../store/subscriptions';
import { type FleetCommand, UsageError, withFleetStore } from './fleet-command';

/** The tiers a subscription can give; free is having none. */
const PAID_TIERS: readonly Exclude<Tier, 'free'>[] = ['pro', 'enterprise'];

export const subscribe: FleetCommand = {
  usage: '<org_id|email> --tier <pro|enterprise> [--until <ISO date>]',
  summary: "give an organization (its sso_domain's users) or one account a paid tier, from now",
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { tier: { type: 'string' }, until: { type: 'string' } },
    });
    const [holderArg, ...extra] = positionals;
    if (!holderArg || extra.length > 0) throw new UsageError('subscribe needs one organization id or email');
    const tier = values.tier?.trim().toLowerCase();
    if (!tier || !(PAID_TIERS as readonly string[]).includes(tier)) {
      throw new UsageError(`--tier is one of ${PAID_TIERS.join(', ')}, got ${JSON.stringify(values.tier ?? '')}`);
    }
    const now = Date.now();
    const endsAt = values.until === undefined ? null : parseUntil(values.until, now);
    await withFleetStore(async (store) => {
      const holder = await holderOf(store, holderArg);
      const subscription = await store.subscriptions.create({ ...holder, tier, startsAt: now, endsAt });
      const until = endsAt === null ? 'with no end' : `until ${timestamp(endsAt)}`;
      console.log(`${holderName(subscription)} is subscribed to ${tier} ${until} (${subscription.id})`);
      if ('orgId' in holder && (await store.organizations.get(holder.orgId))?.ssoDomain == null) {
        console.log(
          `note: ${holder.orgId} has no sso_domain yet; an organization's tier reaches the SSO users of its ` +
            `sso_domain, which its org_admin sets (PATCH /api/v1/orgs/${holder.orgId})`,
        );
      }
    });
  },
};

export const unsubscribe: FleetCommand = {
  usage: '<subscription id>',
  summary: 'end a subscription now (it stays listed, with its end)',
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true });
    const [id, ...extra] = positionals;
    if (!id || extra.length > 0) throw new UsageError('unsubscribe needs one subscription id (sub_…)');
    await withFleetStore(async (store) => {
      if (!(await store.subscriptions.end(id))) {
        throw new UsageError(`no active subscription ${JSON.stringify(id)} (ssg-fleet subscriptions lists them)`);
      }
      console.log(`ended ${id}`);
    });
  },
};

export const listSubscriptions: FleetCommand = {
  usage: '[<org_id|email>]',
  summary: "list the subscriptions, ended ones too, or one organization's or account's",
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true });
    if (positionals.length > 1) throw new UsageError('subscriptions takes at most one organization id or email');
    const [holderArg] = positionals;
    await withFleetStore(async (store) => {
      const holder = holderArg === undefined ? undefined : await holderOf(store, holderArg);
      const subscriptions = await store.subscriptions.list(holder);
      if (subscriptions.length === 0) {
        console.log('no subscriptions');
        return;
      }
      const now = Date.now();
      console.log(
        table([
          ['id', 'holder', 'tier', 'from', 'until', 'active'],
          ...subscriptions.map((subscription) => [
            subscription.id,
            holderName(subscription),
            subscription.tier,
            timestamp(subscription.startsAt),
            subscription.endsAt === null ? '-' : timestamp(subscription.endsAt),
            isActiveAt(subscription, now) ? 'yes' : 'no',
          ]),
        ]),
      );
    });
  },
};

/** An existing organization (`org_…`), or an account's email (an account needs no record of its own). */
async function holderOf(store: FleetStore, arg: string): Promise<SubscriptionHolder> {
  if (arg.startsWith('org_')) {
    if (!isOrganizationId(arg) || !(await store.organizations.get(arg))) {
      throw new UsageError(`no organization ${arg} on this fleet (ssg-fleet init-org creates one)`);
    }
    return { orgId: arg };
  }
  try {
    return { accountEmail: normalizeEmail(arg) };
  } catch (error) {
    if (!(error instanceof InvalidMemberError)) throw error;
    throw new UsageError(`${JSON.stringify(arg)} is neither an organization id (org_…) nor an email address`);
  }
}

/** A day (midnight UTC) or a time with its offset, so the end never depends on the operator's time zone. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

function parseUntil(value: string, now: number): number {
  const match = ISO_DATE.exec(value);
  const at = match ? Date.parse(value) : NaN;
  const [, year, month, day] = match ?? [];
  // Date.parse rolls 2027-02-30 over to March: the day must exist as written.
  const day0 = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(at) || day0.getUTCMonth() !== Number(month) - 1 || day0.getUTCDate() !== Number(day)) {
    throw new UsageError(
      `--until is an ISO date (2027-01-31, midnight UTC) or date and time with an offset ` +
        `(2027-01-31T12:00:00Z), got ${JSON.stringify(value)}`,
    );
  }
  if (at <= now) {
    throw new UsageError(`--until ${value} is not in the future (unsubscribe ends a subscription now)`);
  }
  return at;
}

function holderName(subscription: Subscription): string {
  return subscription.orgId ?? subscription.accountEmail ?? '';
}

/** To the second, in UTC. */
function timestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
