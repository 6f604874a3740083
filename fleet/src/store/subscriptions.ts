// Paid subscriptions, held by an organization or by one account email; what licence resolution reads the tier
// from (spec, Authentication 4: ENTERPRISE needs an active enterprise subscription). A subscription is active
// from startsAt until endsAt; ending one sets endsAt, so its history stays.
import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import type { Queryable } from './database';
import { normalizeEmail } from './members';

export type SubscriptionHolder = { orgId: string } | { accountEmail: string };

export interface Subscription {
  id: string;
  orgId: string | null;
  /** Lower-cased. */
  accountEmail: string | null;
  /** Lower-case, as licences name it: `pro`, `enterprise`, … */
  tier: string;
  startsAt: number;
  /** null: open-ended. */
  endsAt: number | null;
  createdAt: number;
}

interface SubscriptionRow {
  id: string;
  org_id: string | null;
  account_email: string | null;
  tier: string;
  starts_at: number;
  ends_at: number | null;
  created_at: number;
}

const COLUMNS = 'id, org_id, account_email, tier, starts_at, ends_at, created_at';
const TIER = /^[a-z][a-z0-9_-]{0,31}$/;
const ACTIVE = 'starts_at <= $2 AND (ends_at IS NULL OR ends_at > $2)';

export class Subscriptions {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  async create(
    subscription: SubscriptionHolder & { tier: string; startsAt?: number; endsAt?: number | null },
  ): Promise<Subscription> {
    const tier = subscription.tier.trim().toLowerCase();
    if (!TIER.test(tier))
      throw new Error(`a subscription tier is a lower-case word, got ${JSON.stringify(subscription.tier)}`);
    const createdAt = this.now();
    const [row] = await this.db.query<SubscriptionRow>(
      `INSERT INTO subscriptions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        `sub_${randomUUID()}`,
        'orgId' in subscription ? subscription.orgId : null,
        'accountEmail' in subscription ? normalizeEmail(subscription.accountEmail) : null,
        tier,
        subscription.startsAt ?? createdAt,
        subscription.endsAt ?? null,
        createdAt,
      ],
    );
    return toSubscription(row!);
  }

  /** The holder's subscriptions active now, newest first. */
  async active(holder: SubscriptionHolder): Promise<Subscription[]> {
    const rows = await this.db.query<SubscriptionRow>(
      `SELECT ${COLUMNS} FROM subscriptions WHERE ${holderColumn(holder)} = $1 AND ${ACTIVE} ORDER BY starts_at DESC, id`,
      [holderValue(holder), this.now()],
    );
    return rows.map(toSubscription);
  }

  /** Every subscription, ended ones too (the history), or the holder's; oldest first. */
  async list(holder?: SubscriptionHolder): Promise<Subscription[]> {
    const rows =
      holder === undefined
        ? await this.db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM subscriptions ORDER BY created_at, id`)
        : await this.db.query<SubscriptionRow>(
            `SELECT ${COLUMNS} FROM subscriptions WHERE ${holderColumn(holder)} = $1 ORDER BY created_at, id`,
            [holderValue(holder)],
          );
    return rows.map(toSubscription);
  }

  /** Ends an active subscription now; false when there is none with this id, or it has ended. */
  async end(id: string): Promise<boolean> {
    const now = this.now();
    const result = await this.db.execute(
      'UPDATE subscriptions SET ends_at = $2 WHERE id = $1 AND (ends_at IS NULL OR ends_at > $2)',
      [id, now],
    );
    return result.changes > 0;
  }
}

function holderColumn(holder: SubscriptionHolder): 'org_id' | 'account_email' {
  return 'orgId' in holder ? 'org_id' : 'account_email';
}

function holderValue(holder: SubscriptionHolder): string {
  return 'orgId' in holder ? holder.orgId : holder.accountEmail.trim().toLowerCase();
}

/** Whether it is active at `at` (ms since the epoch): started, and not ended. The store's queries say the same. */
export function isActiveAt(subscription: Subscription, at: number): boolean {
  return subscription.startsAt <= at && (subscription.endsAt === null || subscription.endsAt > at);
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    orgId: row.org_id,
    accountEmail: row.account_email,
    tier: row.tier,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    createdAt: row.created_at,
  };
}
