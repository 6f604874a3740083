// How the daemon proves to a hook or the CLI that it is the daemon this home announced, not a process that took
// its port after it stopped: the caller sends a fresh nonce, the daemon signs the nonce, status and body of its
// answer with an Ed25519 key it made at start — whose public half it wrote in daemon.json, the private half never
// leaving its memory — and the caller checks the signature. A squatter sees the hooks' token but never the key,
// and cannot replay a signed answer under another nonce.

/** Request header: the caller's nonce. */
export const DAEMON_NONCE_HEADER = 'x-ssg-nonce';
/** Response header: the base64url Ed25519 signature of `proofPrefix(nonce, status)` followed by the body's bytes. */
export const DAEMON_PROOF_HEADER = 'x-ssg-proof';

/** 32 lowercase hex digits: 128 bits. */
export const NONCE_PATTERN = /^[0-9a-f]{32}$/;

/** What precedes the body in the signed message: the nonce binds the answer to this request, the status to it. */
export function proofPrefix(nonce: string, status: number): string {
  return `ssg-daemon-proof\n${nonce}\n${status}\n`;
}
