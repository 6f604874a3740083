// The CLI's fleet session (spec, Authentication 1: "the active login session token printed by `ssg auth token`").
// `ssg auth login --sso` signs in at the organization's identity provider itself (its loopback callback), then
// exchanges the id_token here for an `ssg_session_…` token: 8 hours, stored hashed, a member's current role on
// every call, listed in the organization's dashboard as a signed-in machine under the name X-SSG-Machine gives.
//   POST   /api/v1/sessions          Authorization: Bearer <id_token>; body {} or {org_id}
//   DELETE /api/v1/sessions/current  Authorization: Bearer <session token>: signs this machine out
// Only the session's own organization's provider may vouch for it, and only for one of its members.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fleetPaths } from '@ssg/contracts/fleet';
import { CliSession, CliSessionRequest } from '@ssg/contracts/schemas/fleet';
import { decodeJwt } from 'jose';
import { newSessionToken, tokenHash } from '../crypto/service-account-keys';
import { claimedOrigin } from '../sso/bearer-id-token';
import type { OidcDiscovery } from '../sso/oidc-discovery';
import type { FleetStore } from '../store/fleet-store';
import { HttpError } from './http-error';
import { HOW_TO_AUTHENTICATE, idTokenProof } from './id-token-proof';
import { bearerToken, machineName } from './request-headers';

export interface CliSessionRouteOptions {
  store: FleetStore;
  discovery: OidcDiscovery;
  /** ms since the epoch. */
  now?: () => number;
}

/** The email the token claims, unverified: which memberships to try. idTokenProof then verifies it. */
function claimedEmail(token: string): string {
  const email = claimedOrigin(token) && (decodeJwt(token) as { email?: unknown }).email;
  if (typeof email !== 'string' || email.trim() === '') {
    throw new HttpError(
      401,
      `the bearer token is not an id_token with an email claim (scope email): ${HOW_TO_AUTHENTICATE}`,
    );
  }
  return email.trim().toLowerCase();
}

export const cliSessionRoutes =
  ({ store, discovery, now = Date.now }: CliSessionRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    const proveEmail = idTokenProof({ store, discovery, now });

    app.post(
      fleetPaths.sessions,
      { schema: { body: CliSessionRequest, response: { 201: CliSession } } },
      async (request, reply) => {
        const machine = machineName(request);
        const token = bearerToken(request);
        if (!token) {
          reply.header('www-authenticate', 'Bearer');
          throw new HttpError(401, `sign in at your identity provider first: ${HOW_TO_AUTHENTICATE}`);
        }
        const email = claimedEmail(token);
        const wanted = request.body.org_id;
        const memberships = (await store.members.ofUser(email)).filter((m) => !wanted || m.orgId === wanted);
        // The same refusal whether the email is a member nowhere or another provider issued the token.
        const orgId = await proveEmail(
          token,
          email,
          memberships.map((m) => m.orgId),
          `${email} is not a member of ${wanted ?? 'an organization'} whose identity provider issued this id_token`,
        );
        if (!wanted && memberships.length > 1) {
          const ids = memberships.map((m) => m.orgId).join(', ');
          throw new HttpError(409, `${email} is a member of several organizations (${ids}): say which with org_id`);
        }
        const member = memberships.find((m) => m.orgId === orgId)!;
        const { token: sessionToken, hash } = newSessionToken();
        const session = await store.sessions.create({
          tokenHash: hash,
          orgId,
          userId: member.userId,
          kind: 'cli',
          machine,
        });
        reply.code(201);
        return {
          token: sessionToken,
          session_id: session.id,
          org_id: orgId,
          user_id: member.userId,
          role: member.role,
          expires_at: session.expiresAt,
        };
      },
    );

    app.delete(fleetPaths.currentSession, async (request, reply) => {
      const token = bearerToken(request);
      const hash = token === undefined ? null : tokenHash(token, 'session');
      if (hash === null || !(await store.sessions.delete(hash))) {
        throw new HttpError(401, 'send Authorization: Bearer <session token> of a session that is still signed in');
      }
      return reply.code(204).send();
    });
  };
