// Checks a downloaded ruleset against its manifest entry: it must parse without errors (a malformed rule is
// not part of the signed content, so its text would be unverified), its content hash must be the one listed,
// and the listed signature must verify with the pinned key over the same content.
import { verify } from 'node:crypto';
import { canonicalContent, sha256Hex } from '@ssg/node/hub/content-hash';
import { hubError } from './hub-error';
import type { HubRuleset } from './manifest';
import type { PinnedKey } from './pinned-key';

export interface VerifiedRuleset {
  ruleCount: number;
  contentHash: string;
}

export function verifyRuleset(rulesText: string, entry: HubRuleset, pinned: PinnedKey): VerifiedRuleset {
  const refused = (why: string): never => {
    throw hubError(`ruleset ${entry.id} refused: ${why}`, 'nothing was installed; report it to whoever runs the hub');
  };
  const canonical = canonicalContent(rulesText);
  const [firstError] = canonical.errors;
  if (firstError)
    refused(
      `${canonical.errors.length} malformed rule(s), first at line ${firstError.line}: ${firstError.message} (a malformed rule is not covered by the signature)`,
    );
  const hash = sha256Hex(canonical.text);
  if (hash !== entry.content_hash)
    refused(`its content hash ${hash} differs from the manifest's ${entry.content_hash} (altered or corrupted)`);
  const signed = verify(
    null,
    Buffer.from(canonical.text, 'utf8'),
    pinned.key,
    Buffer.from(entry.content_signature, 'hex'),
  );
  if (!signed) refused('its signature does not verify against the pinned key');
  return { ruleCount: canonical.ruleCount, contentHash: hash };
}
