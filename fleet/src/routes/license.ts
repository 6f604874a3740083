// The accounts API, GET /api/license (spec: Accounts API, Authentication 3 and 4): an SSO user's licence JWT.
//
// The spec's headers are `X-Auth-Method: sso` and `X-SSO-Email: <email>`. Anyone can send an email header, so the
// caller also proves it: `Authorization: Bearer <id_token>` from the identity provider of the organization the
// email belongs to, verified here (bearer-id-token.ts). Which organization's provider may vouch for an email:
// - the organization whose `sso_domain` is the email's domain, and then only that one: it holds the domain, and a
//   provider of another organization (whose admin can add any email as a member) must not obtain its tier;
// - otherwise each organization that has the email as a member.
// Access tokens are not accepted: their format and audience are each provider's own, so nothing checks them
// without provider-specific rules or a network call per request. The CLI's fleet session token of that same email
// is (cli-sessions.ts: made from a verified id_token, 8 hours), so `ssg auth refresh` works after the id_token's hour.
//
// The tier is resolveTier's (tier-resolution.ts): the email's own account subscription, or the subscription of
// the organization whose `sso_domain` is the email's domain; none active gives a free licence. Membership alone
// lets an organization's provider prove the email; it gives no tier. Nothing is cached: a changed `sso_domain`
// or subscription shows in the next licence (`ssg auth refresh`). Every licence signed is recorded
// (store/licence-grants.ts) with the machine the CLI names in X-SSG-Machine, for the organization's dashboard.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCOUNTS_LICENSE_PATH } from '@ssg/contracts/fleet';
import { LicenseResponse } from '@ssg/contracts/schemas/fleet';
import { bearerTokenKind, tokenHash } from '../crypto/service-account-keys';
import type { LicenceSigner } from '../licences/licence-signer';
import { storedTier } from '../licences/stored-tier';
import { emailDomain, InvalidEmailError } from '../licences/tier-resolution';
import type { OidcDiscovery } from '../sso/oidc-discovery';
import type { FleetStore } from '../store/fleet-store';
import { HttpError } from './http-error';
import { HOW_TO_AUTHENTICATE, idTokenProof } from './id-token-proof';
import { bearerToken, machineName, singleHeader } from './request-headers';

export interface LicenseRouteOptions {
  store: FleetStore;
  signer: LicenceSigner;
  discovery: OidcDiscovery;
  /** ms since the epoch. */
  now?: () => number;
}

const MAX_EMAIL_LENGTH = 320;

export const licenseRoutes =
  ({ store, signer, discovery, now = Date.now }: LicenseRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    const proveEmail = idTokenProof({ store, discovery, now });

    /** The ids of the organizations whose providers may vouch for `email`. */
    async function vouchingOrganizations(email: string, domain: string): Promise<string[]> {
      const holder = await store.organizations.findBySsoDomain(domain);
      if (holder) return [holder.id];
      return (await store.members.ofUser(email)).map((member) => member.orgId);
    }

    /** The organization of the CLI session `token`, when it is a valid session of `email`. */
    async function sessionOrganization(token: string, email: string): Promise<string> {
      const hash = tokenHash(token, 'session');
      const session = hash === null ? undefined : await store.sessions.findValid(hash);
      if (!session || session.userId !== email.toLowerCase()) {
        throw new HttpError(
          401,
          `the session token is not a signed-in session of ${email} (expired, signed out, or someone else's): ` +
            'sign in again with ssg auth login --sso',
        );
      }
      return session.orgId;
    }

    app.get(ACCOUNTS_LICENSE_PATH, { schema: { response: { 200: LicenseResponse } } }, async (request, reply) => {
      const method = singleHeader(request, 'x-auth-method');
      if (method === undefined || method.toLowerCase() !== 'sso') {
        throw new HttpError(
          400,
          method === undefined
            ? 'X-Auth-Method is missing: send X-Auth-Method: sso'
            : `X-Auth-Method ${JSON.stringify(method.slice(0, 40))} is not supported: send X-Auth-Method: sso`,
        );
      }
      const email = singleHeader(request, 'x-sso-email')?.trim();
      if (!email) throw new HttpError(400, 'X-SSO-Email is missing: send the email you signed in with');
      let domain: string;
      try {
        if (email.length > MAX_EMAIL_LENGTH) throw new InvalidEmailError('X-SSO-Email is too long to be an email');
        domain = emailDomain(email);
      } catch (error) {
        if (error instanceof InvalidEmailError) throw new HttpError(400, `X-SSO-Email: ${error.message}`);
        throw error;
      }
      const machine = machineName(request);
      const token = bearerToken(request);
      if (!token) {
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, `the email header alone proves nothing: ${HOW_TO_AUTHENTICATE}`);
      }
      const vouchedBy =
        bearerTokenKind(token) === 'session'
          ? await sessionOrganization(token, email)
          : await proveEmail(
              token,
              email,
              await vouchingOrganizations(email, domain),
              `no identity provider that vouches for ${email} issued this id_token: it must come from the OIDC provider ` +
                `of the organization whose sso_domain is ${domain}, or else of an organization that has this email as a member`,
            );

      const resolution = await storedTier(store, email, now());
      const licence = await signer.sign({ subject: email.toLowerCase(), tier: resolution.tier }, now() / 1000);
      const orgId = resolution.source.kind === 'organization' ? resolution.source.orgId : null;
      await store.licenceGrants.record({
        orgId: orgId ?? vouchedBy,
        userId: email,
        tier: resolution.tier,
        machine,
        expiresAt: licence.expiresAt * 1000,
      });
      return { license: licence.token, tier: resolution.tier, expires_at: licence.expiresAt * 1000, org_id: orgId };
    });
  };
