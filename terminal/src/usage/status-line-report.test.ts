// Claude Code's status-line JSON, shaped as 2.1.330 builds it (session_id, transcript_path, cwd, model, workspace,
// version, cost, context_window, rate_limits…), and input no one should trust.
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseStatusLineReport } from './status-line-report';

const AT = Date.UTC(2026, 10, 27, 12, 0, 0);
const RESET_5H = 1_795_267_800; // Unix seconds
const RESET_7D = 1_795_700_000;

function statusLine(rateLimits?: unknown): Record<string, unknown> {
  return {
    session_id: '0f6a3c1e-2b7d-4e8a-9c41-5d2e8f7a6b90',
    transcript_path: '/home/u/.claude/projects/-home-u-work/0f6a3c1e-2b7d-4e8a-9c41-5d2e8f7a6b90.jsonl',
    cwd: '/home/u/work',
    model: { id: 'claude-opus-4-7', display_name: 'Opus 4.7' },
    workspace: { current_dir: '/home/u/work', project_dir: '/home/u/work', added_dirs: [] },
    version: '2.1.330',
    output_style: { name: 'default' },
    cost: { total_cost_usd: 0.42, total_duration_ms: 12_000 },
    context_window: { total_input_tokens: 1200, context_window_size: 200_000, used_percentage: 0.6 },
    exceeds_200k_tokens: false,
    ...(rateLimits !== undefined && { rate_limits: rateLimits }),
  };
}

describe('parseStatusLineReport', () => {
  it('reads the session, folder, model and both windows (resets in Unix seconds)', () => {
    const input = statusLine({
      five_hour: { used_percentage: 42.5, resets_at: RESET_5H },
      seven_day: { used_percentage: 100, resets_at: RESET_7D },
    });
    assert.deepEqual(parseStatusLineReport(JSON.stringify(input), 'work', AT), {
      sessionId: '0f6a3c1e-2b7d-4e8a-9c41-5d2e8f7a6b90',
      transcriptPath: '/home/u/.claude/projects/-home-u-work/0f6a3c1e-2b7d-4e8a-9c41-5d2e8f7a6b90.jsonl',
      cwd: '/home/u/work',
      model: { id: 'claude-opus-4-7', displayName: 'Opus 4.7' },
      usage: {
        accountId: 'work',
        fiveHour: { usedPercent: 42.5, resetsAt: RESET_5H * 1000 },
        sevenDay: { usedPercent: 100, resetsAt: RESET_7D * 1000 },
        source: 'status-line',
        observedAt: AT,
      },
    });
  });

  it('reads missing rate limits, or a missing window, as unknown rather than 0', () => {
    const before = parseStatusLineReport(JSON.stringify(statusLine()), 'work', AT);
    assert.deepEqual(before?.usage, { accountId: 'work', source: 'status-line', observedAt: AT });
    const fiveOnly = parseStatusLineReport(
      JSON.stringify(statusLine({ five_hour: { used_percentage: 7, resets_at: RESET_5H } })),
      'work',
      AT,
    );
    assert.deepEqual(fiveOnly?.usage.fiveHour, { usedPercent: 7, resetsAt: RESET_5H * 1000 });
    assert.equal(fiveOnly?.usage.sevenDay, undefined);
  });

  it('is tolerant: numeric strings, an ISO reset, a window without reset, other windows, cwd from workspace', () => {
    const input = {
      session_id: 'abc',
      workspace: { current_dir: '/w' },
      model: { display_name: 'Sonnet' },
      rate_limits: {
        five_hour: { used_percentage: '61.0', resets_at: String(RESET_5H) },
        seven_day: { used_percentage: 3, resets_at: '2026-11-30T10:00:00+00:00' },
        spend_limit: { used_percentage: 12 },
        broken: { used_percentage: 'lots' },
        negative: { used_percentage: -5 },
      },
    };
    const report = parseStatusLineReport(JSON.stringify(input), 'a', AT);
    assert.deepEqual(report, {
      sessionId: 'abc',
      cwd: '/w',
      model: { displayName: 'Sonnet' },
      usage: {
        accountId: 'a',
        fiveHour: { usedPercent: 61, resetsAt: RESET_5H * 1000 },
        sevenDay: { usedPercent: 3, resetsAt: Date.parse('2026-11-30T10:00:00Z') },
        otherBuckets: { spend_limit: { usedPercent: 12 } },
        source: 'status-line',
        observedAt: AT,
      },
    });
  });

  it('drops fields of the wrong type and a session id that is not a plain id', () => {
    const input = {
      session_id: '$(rm -rf ~)',
      cwd: 42,
      model: 'opus',
      transcript_path: ['x'],
      rate_limits: { five_hour: null, seven_day: [1, 2], ['__proto__']: { used_percentage: 50 } },
    };
    const report = parseStatusLineReport(JSON.stringify(input), 'a', AT);
    assert.deepEqual(Object.keys(report ?? {}), ['usage']);
    assert.equal(report?.usage.fiveHour, undefined);
    assert.equal(report?.usage.sevenDay, undefined);
    assert.equal(Object.getPrototypeOf(report?.usage.otherBuckets), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(report?.usage.otherBuckets, '__proto__')?.value, {
      usedPercent: 50,
    });
  });

  it('answers undefined for input that is not a JSON object, and never throws', () => {
    for (const text of ['', 'not json', '[]', 'null', '42', '"text"', '{"a":', 'x'.repeat(2 * 1024 * 1024)]) {
      assert.equal(parseStatusLineReport(text, 'a', AT), undefined, text.slice(0, 20));
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.anything().map((value) => JSON.stringify(value) ?? ''),
        ),
        (text) => {
          parseStatusLineReport(text, 'a', AT);
        },
      ),
      { seed: 14, numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.object(), fc.anything(), (junk, rateLimits) => {
        const report = parseStatusLineReport(JSON.stringify({ ...junk, rate_limits: rateLimits }), 'a', AT);
        for (const window of [report?.usage.fiveHour, report?.usage.sevenDay]) {
          if (window) assert.ok(Number.isFinite(window.usedPercent) && window.usedPercent >= 0);
        }
      }),
      { seed: 14, numRuns: 500 },
    );
  });
});
