// Dollars for one model response, priced offline with the price table `@pydantic/genai-prices` ships inside the
// package. That package can also fetch newer tables (`updatePrices`); we never call it, so pricing never touches
// the network and the same log always prices the same way on the same ssg version.
import { calcPrice, findProvider, type ModelPrice, type Provider, type Usage } from '@pydantic/genai-prices';

/** The price-table providers our log sources bill through: Claude Code → Anthropic, Codex → OpenAI. */
export type PriceProvider = 'anthropic' | 'openai';

/**
 * Token counts of one response, as disjoint parts: `inputTokens` is the uncached input only, so the four counts
 * add up to everything the model read and wrote. Each source converts its own convention into this one.
 */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  /** The part of `cacheWriteTokens` written to Anthropic's 1-hour cache, which costs more than the 5-minute one. */
  cacheWrite1hTokens?: number;
}

export interface Price {
  usd: number;
  /** false: the table does not know the model and `usd` is the conservative estimate. */
  priced: boolean;
}

/** The per-million-token price keys we bill; everything else in the table (audio, images, searches) is not. */
const TOKEN_PRICE_KEYS = ['input_mtok', 'output_mtok', 'cache_write_mtok', 'cache_read_mtok', 'cache_write_1h_mtok'];

export function priceUsage(provider: PriceProvider, model: string, usage: TokenUsage, at: number): Price {
  const tableUsage = toTableUsage(usage);
  const timestamp = new Date(at);
  const known = calcPrice(tableUsage, model, { providerId: provider, timestamp });
  if (known) return { usd: known.total_price, priced: true };
  const estimate = calcPrice(tableUsage, ESTIMATE_MODEL_ID, { provider: conservativeProvider(provider), timestamp });
  // Cannot happen (the estimate provider's one model is asked for by its own id), but never price as free.
  if (!estimate) throw new Error(`no conservative price for ${provider} model ${model}`);
  return { usd: estimate.total_price, priced: false };
}

/** The table's convention: `input_tokens` is the whole input, the cache counts are parts of it. */
function toTableUsage(usage: TokenUsage): Usage {
  return {
    input_tokens: usage.inputTokens + usage.cacheWriteTokens + usage.cacheReadTokens,
    output_tokens: usage.outputTokens,
    cache_write_tokens: usage.cacheWriteTokens,
    cache_read_tokens: usage.cacheReadTokens,
    cache_write_1h_tokens: Math.min(usage.cacheWrite1hTokens ?? 0, usage.cacheWriteTokens),
  };
}

const ESTIMATE_MODEL_ID = 'unknown-model';
const conservativeProviders = new Map<PriceProvider, Provider>();

/**
 * A model the table does not know (too new, a private deployment, a local model behind the same CLI) is not free:
 * under enforce it must still count toward the caps. So it is priced at the HIGHEST rate of each kind (input,
 * output, cache write, cache read) that any model of the same provider has in the table — tiers included — which
 * can only overstate what it really cost. A model with no cache price (Claude 2, o1-pro) cannot cache, so it does
 * not set the cache rates. The entry says `priced: false` so the ledger can show it apart.
 */
function conservativeProvider(providerId: PriceProvider): Provider {
  let provider = conservativeProviders.get(providerId);
  if (provider) return provider;
  const known = findProvider({ providerId });
  const highest = new Map<string, number>();
  for (const model of known?.models ?? []) {
    const variants = Array.isArray(model.prices)
      ? model.prices.map((conditional) => conditional.prices)
      : [model.prices];
    for (const prices of variants) {
      for (const key of TOKEN_PRICE_KEYS) {
        const rate = highestRate(prices, key);
        if (rate !== undefined) highest.set(key, Math.max(highest.get(key) ?? 0, rate));
      }
    }
  }
  const input = highest.get('input_mtok') ?? 0;
  // A provider with no cache prices at all bills cached tokens as input; a provider without a separate 1-hour
  // cache price bills it as a cache write (the table wants the parent price whenever the child is set).
  const cacheWrite = highest.get('cache_write_mtok') ?? input;
  const prices: ModelPrice = {
    input_mtok: input,
    output_mtok: highest.get('output_mtok') ?? 0,
    cache_write_mtok: cacheWrite,
    cache_read_mtok: highest.get('cache_read_mtok') ?? input,
    cache_write_1h_mtok: highest.get('cache_write_1h_mtok') ?? cacheWrite,
  };
  provider = {
    id: `${providerId}-conservative-estimate`,
    name: `${known?.name ?? providerId} (highest known prices)`,
    api_pattern: '.*',
    models: [{ id: ESTIMATE_MODEL_ID, match: { equals: ESTIMATE_MODEL_ID }, prices }],
  };
  conservativeProviders.set(providerId, provider);
  return provider;
}

/** A flat rate, or the dearest step of a tiered one. */
function highestRate(prices: ModelPrice, key: string): number | undefined {
  const price = prices[key];
  if (price === undefined) return undefined;
  if (typeof price === 'number') return price;
  return Math.max(price.base, ...price.tiers.map((tier) => tier.price));
}
