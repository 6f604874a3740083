// The daemon's identity for this run (packages/contracts/src/daemon-proof.ts): an Ed25519 key made at start, its
// public half announced in daemon.json, and a fastify hook that signs every answer to a request that carries a
// nonce — errors and refusals included, so a caller can tell the daemon's "no" from a squatter's "yes".
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DAEMON_NONCE_HEADER, DAEMON_PROOF_HEADER, NONCE_PATTERN, proofPrefix } from '@ssg/contracts/daemon-proof';

export class DaemonIdentity {
  private constructor(
    private readonly privateKey: KeyObject,
    /** The public key's raw 32 bytes, base64url (the JWK `x`): what daemon.json announces. */
    readonly publicKey: string,
  ) {}

  static create(): DaemonIdentity {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    return new DaemonIdentity(privateKey, publicKey.export({ format: 'jwk' }).x!);
  }

  prove(nonce: string, status: number, body: Buffer): string {
    const message = Buffer.concat([Buffer.from(proofPrefix(nonce, status)), body]);
    return sign(null, message, this.privateKey).toString('base64url');
  }
}

export function installDaemonProof(app: FastifyInstance, identity: DaemonIdentity): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const nonce = request.headers[DAEMON_NONCE_HEADER];
    if (typeof nonce !== 'string' || !NONCE_PATTERN.test(nonce)) return payload;
    // Streams (the live event stream) are not signed; every JSON answer is a string or a buffer here.
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    if (body) reply.header(DAEMON_PROOF_HEADER, identity.prove(nonce, reply.statusCode, body));
    return payload;
  });
}
