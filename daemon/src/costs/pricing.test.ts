// Pricing against the price table shipped in @pydantic/genai-prices: dollars worked out by hand from the
// table's per-million rates, cache parts priced apart, tiers, and the conservative estimate for unknown models.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findProvider } from '@pydantic/genai-prices';
import { type PriceProvider, priceUsage, type TokenUsage } from './pricing';
import { roundUsd } from './testing/in-memory-cost-sink';

const AT = Date.parse('2026-11-23T12:00:00Z');

function usage(input: number, output: number, cacheWrite = 0, cacheRead = 0, cacheWrite1h = 0): TokenUsage {
  return {
    inputTokens: input,
    outputTokens: output,
    cacheWriteTokens: cacheWrite,
    cacheReadTokens: cacheRead,
    cacheWrite1hTokens: cacheWrite1h,
  };
}

describe('priceUsage: models in the table', () => {
  const cases: Array<[string, PriceProvider, string, TokenUsage, number]> = [
    // Sonnet 4.5: $3 in, $15 out, $3.75 cache write, $0.30 cache read per MTok (under 200k input).
    // 1000×3 + 500×15 + 2000×3.75 + 10000×0.3 = 21000 µ$
    [
      'Claude, every part priced apart',
      'anthropic',
      'claude-sonnet-4-5-20250929',
      usage(1000, 500, 2000, 10000),
      0.021,
    ],
    // Opus 4.1: $15 in, $75 out, $18.75 5-minute write, $30 1-hour write.
    // 100×15 + 200×75 + 3000×18.75 + 1000×30 = 102750 µ$
    [
      'Claude, 1-hour cache writes cost more',
      'anthropic',
      'claude-opus-4-1-20250805',
      usage(100, 200, 4000, 0, 1000),
      0.10275,
    ],
    // Haiku 4.5: $1 in, $5 out. 2000×1 + 1000×5 = 7000 µ$
    ['Claude, dated model id', 'anthropic', 'claude-haiku-4-5-20251001', usage(2000, 1000), 0.007],
    // Sonnet 4.5 above 200k input tokens (uncached + cache): $6 in, $0.60 cache read, $22.50 out.
    // 150000×6 + 100000×0.6 + 1000×22.5 = 982500 µ$
    ['Claude, long-context tier', 'anthropic', 'claude-sonnet-4-5', usage(150000, 1000, 0, 100000), 0.9825],
    // gpt-5-codex is billed as gpt-5: $1.25 in, $0.125 cached, $10 out. 200×1.25 + 1000×0.125 + 50×10 = 875 µ$
    ['OpenAI, cached input at the cached rate', 'openai', 'gpt-5-codex', usage(200, 50, 0, 1000), 0.000875],
    // gpt-5-mini: $0.25 in, $0.025 cached, $2 out. 10000×0.25 + 90000×0.025 + 2000×2 = 8750 µ$
    ['OpenAI, mini', 'openai', 'gpt-5-mini', usage(10000, 2000, 0, 90000), 0.00875],
    ['nothing used costs nothing', 'anthropic', 'claude-sonnet-4-5', usage(0, 0), 0],
  ];
  for (const [name, provider, model, tokens, usd] of cases) {
    test(`${name}: ${model} → $${usd}`, () => {
      const price = priceUsage(provider, model, tokens, AT);
      assert.equal(price.priced, true);
      assert.equal(roundUsd(price.usd), usd);
    });
  }

  test('a claude-code session priced the way Claude Code itself priced it (its cost-state line)', () => {
    // The fixture session: two responses of claude-opus-5-5, 1200 in and 80 out each; Claude Code said $0.0128.
    const price = priceUsage('anthropic', 'claude-opus-5-5', usage(2400, 160), AT);
    assert.equal(roundUsd(price.usd), 0.0128);
  });
});

describe('priceUsage: models the table does not know', () => {
  test('an unknown Claude model is an estimate at the highest Anthropic rates, never free', () => {
    // Highest Anthropic rates in the table (Claude 3 Opus): $15 in, $75 out, $18.75 write, $1.50 read.
    // 1000×15 + 1000×75 + 1000×18.75 + 1000×1.5 = 110250 µ$
    const price = priceUsage('anthropic', 'claude-opus-9', usage(1000, 1000, 1000, 1000), AT);
    assert.deepEqual({ ...price, usd: roundUsd(price.usd) }, { usd: 0.11025, priced: false });
  });

  test('an unknown Codex model is an estimate at the highest OpenAI rates', () => {
    // Highest OpenAI rates: $150 in and $600 out (o1-pro), $37.50 cached (gpt-4.5-preview).
    // 1000×150 + 1000×37.5 + 1000×600 = 787500 µ$
    const price = priceUsage('openai', 'gpt-oss:20b', usage(1000, 1000, 0, 1000), AT);
    assert.deepEqual({ ...price, usd: roundUsd(price.usd) }, { usd: 0.7875, priced: false });
  });

  // A model with no cache price in the table cannot cache (Claude 2, o1-pro), so it is compared only on usage
  // without cache tokens; every model is compared on the parts it does price.
  const comparisons: Array<[PriceProvider, string, TokenUsage]> = [
    ['anthropic', 'no cache', usage(30000, 4000)],
    ['anthropic', 'cache reads and writes', usage(30000, 4000, 5000, 60000, 1000)],
    ['openai', 'no cache', usage(30000, 4000)],
    ['openai', 'cached input', usage(30000, 4000, 0, 60000)],
  ];
  for (const [provider, name, tokens] of comparisons) {
    test(`the ${provider} estimate is at least what any known model costs (${name})`, () => {
      const estimate = priceUsage(provider, 'no-such-model-anywhere', tokens, AT);
      assert.equal(estimate.priced, false);
      const needed = ['input_mtok', 'output_mtok'];
      if (tokens.cacheWriteTokens > 0) needed.push('cache_write_mtok');
      if (tokens.cacheReadTokens > 0) needed.push('cache_read_mtok');
      let compared = 0;
      for (const model of findProvider({ providerId: provider })!.models) {
        const variants = Array.isArray(model.prices) ? model.prices.map((variant) => variant.prices) : [model.prices];
        if (!variants.every((prices) => needed.every((key) => prices[key] !== undefined))) continue;
        const known = priceUsage(provider, model.id, tokens, AT);
        if (!known.priced) continue; // an id its own match rule does not accept
        compared++;
        assert.ok(known.usd <= estimate.usd, `${model.id}: $${known.usd} > estimate $${estimate.usd}`);
      }
      assert.ok(compared >= 5, `only ${compared} models compared`);
    });
  }
});
