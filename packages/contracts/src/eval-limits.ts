// The limits of what the daemon evaluates (POST /api/json/eval). The hooks check a call against them before
// sending it, so an over-limit call is blocked with its reason rather than refused with a 400 and judged by a
// weaker path.

/** Nesting of a request body, counted from the body itself (the call and its input are levels 2 and 3). */
export const MAX_JSON_DEPTH = 64;
/** Tool names and session ids, in characters. */
export const MAX_NAME_LENGTH = 256;
/** A call's working folder, in characters. */
export const MAX_CWD_LENGTH = 4096;

/** Iterative, so the check itself cannot overflow the stack. */
export function depthExceeds(root: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(value))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
