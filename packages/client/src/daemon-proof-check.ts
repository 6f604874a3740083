// Checks the daemon's signature on an answer (@ssg/contracts/daemon-proof). Its own module because it loads
// node:crypto, which costs a fresh hook process milliseconds: daemon-request.ts starts loading it as soon as the
// request is on its way, so the load overlaps the daemon's work instead of adding to it.
import { createPublicKey, verify } from 'node:crypto';
import { proofPrefix } from '@ssg/contracts/daemon-proof';

export function proofHolds(publicKey: string, nonce: string, status: number, body: Buffer, proof: string): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    const message = Buffer.concat([Buffer.from(proofPrefix(nonce, status)), body]);
    return verify(null, message, key, Buffer.from(proof, 'base64url'));
  } catch {
    // A malformed key or signature proves nothing.
    return false;
  }
}
