// The content a hub signs (design/rules-dsl.md, "Rule packs and the hub"): every rule block, from `rule NAME {`
// to its closing `}`, sorted by rule name and joined with "\n---\n". Blocks are cut at the parser's positions,
// not with a regex, so a `}` inside a string or a rule-like line inside a comment cannot shift a boundary.
// Line endings are normalised to "\n" first: a file checked out with CRLF verifies the same as the original.
import { createHash } from 'node:crypto';
import { type Diagnostic, parseRules } from '@ssg/engine';

export interface CanonicalContent {
  /** The string that is hashed and signed. */
  text: string;
  ruleCount: number;
  /** Error diagnostics of the parse; a malformed rule is not part of `text`, so its file must not be trusted. */
  errors: Diagnostic[];
}

export const BLOCK_SEPARATOR = '\n---\n';

export function canonicalContent(rulesText: string): CanonicalContent {
  const normalised = rulesText.replace(/\r\n?/g, '\n');
  const parsed = parseRules(normalised, '<hub ruleset>');
  // The parser drops a leading BOM, so its line and column numbers count from after it.
  const lines = (normalised.charCodeAt(0) === 0xfeff ? normalised.slice(1) : normalised).split('\n');
  const blocks = parsed.rules.map((rule) => {
    const first = rule.pos.line - 1;
    const last = rule.endLine - 1;
    const body = lines.slice(first, last + 1);
    const closing = body[body.length - 1] ?? '';
    body[body.length - 1] = closing.slice(0, closing.lastIndexOf('}') + 1);
    body[0] = (body[0] ?? '').slice(rule.pos.column - 1);
    return { name: rule.id, text: body.join('\n') };
  });
  // Code-unit order, not localeCompare: the result must not depend on the machine's locale. Equal names keep
  // file order (Array.prototype.sort is stable).
  blocks.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    text: blocks.map((block) => block.text).join(BLOCK_SEPARATOR),
    ruleCount: blocks.length,
    errors: parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
  };
}

/** SHA-256 (lowercase hex) of the canonical content of a `.rules` text. */
export function contentHash(rulesText: string): string {
  return sha256Hex(canonicalContent(rulesText).text);
}

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
