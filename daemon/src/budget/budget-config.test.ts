// What parseBudgetConfig accepts (with the spec's defaults filled in) and what it refuses, naming the field.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BudgetConfigError, DEFAULT_BUDGET_CONFIG, parseBudgetConfig } from './budget-config';
import { INVALID_BUDGET_DOCUMENTS } from './invalid-budget-documents';

describe('parseBudgetConfig accepts', () => {
  test('an empty document as the defaults: mode off, warn at 0.8, no caps', () => {
    assert.deepEqual(parseBudgetConfig({}), { ...DEFAULT_BUDGET_CONFIG, updatedAt: undefined });
    assert.equal(DEFAULT_BUDGET_CONFIG.mode, 'off');
    assert.equal(DEFAULT_BUDGET_CONFIG.warnAtPct, 0.8);
  });

  test('the spec shape in full, null caps meaning no limit, and 0 caps', () => {
    const document = {
      mode: 'enforce',
      warnAtPct: 1,
      global: { sessionUsd: 0, sessionCalls: 0, hourlyUsd: 2.5, hourlyCalls: 100, dailyUsd: null, dailyCalls: null },
      perClient: {
        'claude-code': { weeklyUsd: 1e6, weeklyCalls: Number.MAX_SAFE_INTEGER, monthlyUsd: 0.01, monthlyCalls: 5 },
        codex: {},
        constructor: { dailyCalls: 1 },
      },
      updatedAt: 1_700_000_000_000,
    };
    assert.deepEqual(parseBudgetConfig(document), document);
  });

  test('every mode', () => {
    for (const mode of ['off', 'monitor', 'warn', 'enforce']) assert.equal(parseBudgetConfig({ mode }).mode, mode);
  });
});

describe('parseBudgetConfig refuses', () => {
  for (const { name, json, message } of INVALID_BUDGET_DOCUMENTS) {
    test(name, () => {
      assert.throws(
        () => parseBudgetConfig(JSON.parse(json)),
        (error: unknown) => {
          assert.ok(error instanceof BudgetConfigError, String(error));
          assert.match(error.message, message);
          assert.match(error.message, /^[\x20-\x7e]*$/, 'only printable ASCII reaches a terminal or a log');
          return true;
        },
      );
    });
  }
});
