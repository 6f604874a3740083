// Whether a pattern stays inside what V8's linear-time engine runs without any fallback: the bundled rules are
// held to it (resources/*.test.ts), so matching them never depends on the bounds in regex.ts.
import { hasNestedRepetition } from './regex-analysis';
import { translateRegex } from './regex-dialect';

/**
 * Why a rule regex would not suit a linear-time engine, or undefined: the bundled rules use no lookaround, no
 * back-references and no repeated group that itself repeats, so the engine never has to fall back on bounds.
 */
export function regexHygieneProblem(pattern: string): string | undefined {
  const { tokens, problem } = translateRegex(pattern);
  if (problem !== undefined) return problem;
  if (tokens.some((token) => token.kind === 'open' && token.lookaround)) return 'lookaround';
  if (tokens.some((token) => token.kind === 'escape' && /^(\\[1-9]|\\k<|\(\?P=)/.test(token.text))) {
    return 'back-reference';
  }
  if (hasNestedRepetition(tokens)) return 'a repeated group that itself repeats';
  return undefined;
}
