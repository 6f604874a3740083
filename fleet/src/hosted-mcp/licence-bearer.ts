// Who calls the hosted MCP (spec, Authentication 6): `Authorization: Bearer <licence key>`, a licence this fleet
// signed itself — verified with its own public key and issuer, never ssg's built-in issuer or another fleet's, so
// a licence minted elsewhere gets nobody in. The hosted MCP is for licensed clients: a paid tier (pro, enterprise)
// or a licence whose features list `hosted-mcp`; a free licence is refused (403: valid, but not enough), everything
// else (no header, not a JWT, tampered, expired, another issuer) is 401. The licence key is never echoed.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { decodeJwt } from 'jose';
import { type License, LicenseError, licenseAllows, verifyLicenseToken } from '@ssg/node/license/license-token';
import type { LicenceSigner } from '../licences/licence-signer';

/** What a licence must unlock to use the hosted MCP (licenseAllows: listed, or any paid tier without a list). */
export const HOSTED_MCP_FEATURE = 'hosted-mcp';

const BEARER = /^Bearer +(\S+)$/i;

export interface HostedCaller {
  licence: License;
  /** The licence's `org_id` claim, when the issuer put one there. */
  orgId?: string;
}

/** A caller the hosted MCP turns away: 401 (no valid licence) or 403 (a licence that does not cover it). */
export class BearerRefusal extends Error {
  override readonly name = 'BearerRefusal';
  constructor(
    readonly statusCode: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

export interface LicenceBearerVerifier {
  verify(authorization: string | undefined): Promise<HostedCaller>;
}

/** `now` in epoch milliseconds, like the store's clock. */
export function licenceBearerVerifier(
  signer: Pick<LicenceSigner, 'issuer' | 'issuerFile'>,
  now: () => number,
): LicenceBearerVerifier {
  const publicKey: KeyObject = createPublicKey(signer.issuerFile().publicKey);
  const { issuer } = signer;
  return {
    async verify(authorization) {
      const token = BEARER.exec(authorization ?? '')?.[1];
      if (token === undefined) {
        throw new BearerRefusal(401, 'send your ssg licence key: Authorization: Bearer <licence key>');
      }
      let licence: License;
      try {
        licence = await verifyLicenseToken(token, { publicKey, issuer, now: Math.floor(now() / 1000) });
      } catch (error) {
        if (error instanceof LicenseError) {
          throw new BearerRefusal(401, `${error.message} — renew it with \`ssg auth refresh\``);
        }
        throw error;
      }
      if (!licenseAllows(licence, HOSTED_MCP_FEATURE)) {
        throw new BearerRefusal(
          403,
          licence.tier === 'free'
            ? 'the hosted MCP needs a paid licence (pro or enterprise); this one is free — subscribe, or run the ' +
                'local MCP server (`ssg mcp-server`)'
            : `this ${licence.tier} licence does not include the hosted MCP (its features: ` +
                `${licence.features?.join(', ') || 'none'}) — run the local MCP server (\`ssg mcp-server\`)`,
        );
      }
      // The signature is verified: the claims are this fleet's own.
      const { org_id: orgId } = decodeJwt(token);
      return typeof orgId === 'string' && orgId !== '' ? { licence, orgId } : { licence };
    },
  };
}
