// One GET of a hub document, bounded in time and size, with the failure said in words (host unreachable,
// timed out, HTTP status) instead of fetch's bare "fetch failed".
import { CliError } from '../cli/errors';
import { hubError } from './hub-error';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const HUB_FETCH_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 4 * 1024 * 1024 };

export async function fetchText(url: URL, what: string, limits: FetchLimits = HUB_FETCH_LIMITS): Promise<string> {
  const fix = 'check the network and the --hub URL (or SSG_HUB_URL), then try again';
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'follow' });
  } catch (error) {
    throw hubError(`cannot fetch the ${what} from ${url.href}: ${describeFetchError(error, limits)}`, fix);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw hubError(`cannot fetch the ${what} from ${url.href}: HTTP ${response.status} ${response.statusText}`, fix);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw hubError(`the ${what} at ${url.href} is larger than ${limits.maxBytes} bytes`, fix);
  }
  return readBounded(response, url, what, limits, fix);
}

async function readBounded(
  response: Response,
  url: URL,
  what: string,
  limits: FetchLimits,
  fix: string,
): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body) {
      total += chunk.byteLength;
      if (total > limits.maxBytes) {
        await response.body.cancel().catch(() => undefined);
        throw hubError(`the ${what} at ${url.href} is larger than ${limits.maxBytes} bytes`, fix);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw hubError(`reading the ${what} from ${url.href} failed: ${describeFetchError(error, limits)}`, fix);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

function describeFetchError(error: unknown, limits: FetchLimits): string {
  const err = error as Error & { cause?: NodeJS.ErrnoException };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return `no answer within ${limits.timeoutMs / 1000} s`;
  // fetch refuses ports the Fetch standard lists as unsafe (e.g. 9, 25, 6000) without trying them.
  if (err.cause?.message === 'bad port') return 'fetch refuses to use that port (an unsafe port); use another';
  const code = err.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET') return 'connection reset';
  return err.cause?.message ?? err.message;
}
