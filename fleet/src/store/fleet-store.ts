// What an app server opens at start: the database named by its URL, migrated, with a repository per concept.
// Everything a server remembers between requests is in here, so any number of servers can share one PostgreSQL.
import type { Clock } from './clock';
import type { Database } from './database';
import { JwksCache } from './jwks-cache';
import { LicenceGrants } from './licence-grants';
import { LoginStates } from './login-states';
import { Members } from './members';
import { migrate } from './migrate';
import { openDatabase } from './open-database';
import { OrgRules } from './org-rules';
import { Organizations } from './organizations';
import { ServiceAccounts } from './service-accounts';
import { Sessions } from './sessions';
import { SsoConfigs } from './sso-configs';
import { Subscriptions } from './subscriptions';

export interface FleetStore {
  /** For transactions across repositories: build repositories on the transaction's handle (`new Members(tx)`). */
  db: Database;
  organizations: Organizations;
  members: Members;
  serviceAccounts: ServiceAccounts;
  ssoConfigs: SsoConfigs;
  loginStates: LoginStates;
  sessions: Sessions;
  jwksCache: JwksCache;
  subscriptions: Subscriptions;
  orgRules: OrgRules;
  licenceGrants: LicenceGrants;
  close(): Promise<void>;
}

export async function openFleetStore(databaseUrl: string, now: Clock = Date.now): Promise<FleetStore> {
  const db = await openDatabase(databaseUrl);
  try {
    await migrate(db, now);
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    db,
    organizations: new Organizations(db, now),
    members: new Members(db, now),
    serviceAccounts: new ServiceAccounts(db, now),
    ssoConfigs: new SsoConfigs(db, now),
    loginStates: new LoginStates(db, now),
    sessions: new Sessions(db, now),
    jwksCache: new JwksCache(db, now),
    subscriptions: new Subscriptions(db, now),
    orgRules: new OrgRules(db, now),
    licenceGrants: new LicenceGrants(db, now),
    close: () => db.close(),
  };
}
