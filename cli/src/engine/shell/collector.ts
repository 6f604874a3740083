// The distinct views found so far, with the MAX_VIEWS and MAX_VIEW_BYTES caps applied.
import { MAX_VIEW_BYTES, MAX_VIEWS } from './limits';

/** Thrown when the view cap is reached: nothing found afterwards could be reported, so analysis stops. */
export class ViewLimitReached extends Error {}

export class ViewCollector {
  readonly views: string[] = [];
  truncated = false;
  private readonly seen = new Set<string>();

  add(view: string): void {
    if (view === '') return;
    const capped = cutToBytes(view, MAX_VIEW_BYTES);
    if (capped.length < view.length) this.truncated = true;
    if (this.seen.has(capped)) return;
    if (this.views.length >= MAX_VIEWS) {
      this.truncated = true;
      throw new ViewLimitReached('view limit reached');
    }
    this.seen.add(capped);
    this.views.push(capped);
  }
}

/** The longest prefix of `text` within `maxBytes` of UTF-8, never splitting a surrogate pair. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1));
    // A lone surrogate is encoded as U+FFFD, three bytes.
    const size = pair ? 4 : code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    if (bytes + size > maxBytes) return text.slice(0, i);
    bytes += size;
    if (pair) i += 1;
  }
  return text;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
