// `ssg-fleet init-org`: the first organization of a fleet, before anyone can call its API: the organization, its
// first org_admin, and a service account whose key is printed once (the admin's way in until SSO is configured).
import { parseArgs } from 'node:util';
import { newServiceAccountKey } from '../crypto/service-account-keys';
import { InvalidMemberError, normalizeEmail } from '../store/members';
import { isOrganizationId } from '../store/organizations';
import { type FleetCommand, UsageError, withFleetStore } from './fleet-command';

export const initOrg: FleetCommand = {
  usage: '<org_id> --name <name> --admin <email>',
  summary: 'create an organization, its first org_admin, and a service account key (printed once)',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { name: { type: 'string' }, admin: { type: 'string' } },
    });
    const [orgId, ...extra] = positionals;
    if (!orgId || !values.name?.trim() || !values.admin || extra.length > 0) {
      throw new UsageError('init-org needs an organization id, --name and --admin');
    }
    if (!isOrganizationId(orgId)) {
      throw new UsageError(`an organization id is org_ and a lower-case slug (org_acme), got ${JSON.stringify(orgId)}`);
    }
    // Checked before anything is written, so that a typo leaves no organization without an admin behind.
    let admin: string;
    try {
      admin = normalizeEmail(values.admin);
    } catch (error) {
      if (error instanceof InvalidMemberError) throw new UsageError(`--admin: ${error.message}`);
      throw error;
    }
    await withFleetStore(async (store) => {
      await store.organizations.create({ id: orgId, name: values.name! });
      await store.members.add(orgId, admin, 'org_admin');
      const { token, hash } = newServiceAccountKey();
      await store.serviceAccounts.create({ orgId, name: 'initial admin key', keyHash: hash });
      console.log(`created ${orgId} with ${admin} as org_admin`);
      console.log(`service account key (shown once, keep it secret): ${token}`);
    });
  },
};
