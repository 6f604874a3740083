// A hub's manifest.json (design/rules-dsl.md, "Rule packs and the hub"), checked field by field so that a
// broken or hostile manifest fails with the name of the field at fault. Unknown fields are ignored: a newer
// hub may add some. The ruleset id becomes a file name, so it is held to a safe alphabet here.
import { hubError } from './hub-error';

export interface HubSigningKey {
  fingerprint: string;
  alg: 'ed25519';
  public_key_hex: string;
}

export interface HubRuleset {
  id: string;
  path: string;
  rules_path: string;
  title: string;
  description: string;
  technologies: string[];
  rule_count: number;
  content_hash: string;
  content_signature: string;
  required_tier: string;
  kind: string;
  updated_at: string;
}

export interface HubManifest {
  version: string | number;
  updated_at: string;
  signing_key: HubSigningKey;
  rulesets: HubRuleset[];
}

const RULESET_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const HEX_64 = /^[0-9a-f]{64}$/;
/** An Ed25519 signature is 64 bytes; the manifest carries it as lowercase hex. */
const HEX_128 = /^[0-9a-f]{128}$/;

type Json = Record<string, unknown>;

/** Parses and validates manifest text; `source` (the URL) goes into the error messages. */
export function parseManifest(text: string, source: string): HubManifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw hubError(`the manifest at ${source} is not valid JSON (${(error as Error).message})`, fixHint);
  }
  const fail = (field: string, expected: string): never => {
    throw hubError(`the manifest at ${source} is malformed: ${field} must be ${expected}`, fixHint);
  };
  const root = object(data, 'the manifest', fail);
  const version = root.version;
  if (typeof version !== 'string' && !(typeof version === 'number' && Number.isFinite(version)))
    fail('version', 'a string or a number');
  const signingKey = object(root.signing_key, 'signing_key', fail);
  if (signingKey.alg !== 'ed25519') fail('signing_key.alg', '"ed25519"');
  const rulesets = root.rulesets;
  if (!Array.isArray(rulesets)) return fail('rulesets', 'an array');
  const seen = new Set<string>();
  const manifest: HubManifest = {
    version: version as string | number,
    updated_at: string(root, 'updated_at', 'updated_at', fail),
    signing_key: {
      fingerprint: pattern(
        signingKey,
        'fingerprint',
        'signing_key.fingerprint',
        HEX_64,
        '64 lowercase hex digits',
        fail,
      ),
      alg: 'ed25519',
      public_key_hex: pattern(
        signingKey,
        'public_key_hex',
        'signing_key.public_key_hex',
        /^([0-9a-f]{2})+$/,
        'lowercase hex (DER SPKI)',
        fail,
      ),
    },
    rulesets: rulesets.map((item, index) => {
      const at = (field: string): string => `rulesets[${index}].${field}`;
      const entry = object(item, `rulesets[${index}]`, fail);
      const id = pattern(entry, 'id', at('id'), RULESET_ID, 'letters, digits, ".", "_" or "-" (max 128)', fail);
      if (seen.has(id)) fail(at('id'), `unique ("${id}" appears twice)`);
      seen.add(id);
      const technologies = entry.technologies;
      if (!Array.isArray(technologies) || !technologies.every((tech) => typeof tech === 'string'))
        fail(at('technologies'), 'an array of strings');
      const ruleCount = entry.rule_count;
      if (typeof ruleCount !== 'number' || !Number.isSafeInteger(ruleCount) || ruleCount < 0)
        fail(at('rule_count'), 'a non-negative integer');
      return {
        id,
        path: string(entry, 'path', at('path'), fail),
        rules_path: nonEmpty(entry, 'rules_path', at('rules_path'), fail),
        title: string(entry, 'title', at('title'), fail),
        description: string(entry, 'description', at('description'), fail),
        technologies: technologies as string[],
        rule_count: ruleCount as number,
        content_hash: pattern(
          entry,
          'content_hash',
          at('content_hash'),
          HEX_64,
          '64 lowercase hex digits (SHA-256)',
          fail,
        ),
        content_signature: pattern(
          entry,
          'content_signature',
          at('content_signature'),
          HEX_128,
          '128 lowercase hex digits (Ed25519)',
          fail,
        ),
        required_tier: nonEmpty(entry, 'required_tier', at('required_tier'), fail),
        kind: string(entry, 'kind', at('kind'), fail),
        updated_at: string(entry, 'updated_at', at('updated_at'), fail),
      };
    }),
  };
  return manifest;
}

const fixHint = 'check the --hub URL, or report the broken manifest to whoever runs the hub';

type Fail = (field: string, expected: string) => never;

function object(value: unknown, field: string, fail: Fail): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(field, 'an object');
  return value as Json;
}

function string(container: Json, key: string, field: string, fail: Fail): string {
  const value = container[key];
  return typeof value === 'string' ? value : fail(field, 'a string');
}

function nonEmpty(container: Json, key: string, field: string, fail: Fail): string {
  const value = container[key];
  return typeof value === 'string' && value.length > 0 ? value : fail(field, 'a non-empty string');
}

function pattern(container: Json, key: string, field: string, shape: RegExp, expected: string, fail: Fail): string {
  const value = container[key];
  return typeof value === 'string' && shape.test(value) ? value : fail(field, expected);
}
