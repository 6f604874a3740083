import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { findLimitOnScreen, isServerThrottleText, matchLimitText } from './limit-text';
import { wallClockAt } from './wall-clock';

const HOUR = 3600_000;
// Thursday 30 July 2026, 20:00 UTC (22:00 in Berlin, 01:30 on the 31st in India, 16:00 in New York).
const now = Date.UTC(2026, 6, 30, 20, 0);
/** A reset shown as a time of day lasts to the end of its minute (Claude Code cuts the exact reset down to it). */
const endOfMinute = (...parts: Parameters<typeof Date.UTC>): number => Date.UTC(...parts) + 59_999;
const at = (text: string, localTimeZone = 'UTC', when = now) =>
  matchLimitText(text, { now: when, localTimeZone })?.resetsAt;

describe('matchLimitText', () => {
  const recognised: [string, string, number][] = [
    ['2.1.x, named zone', "⎿  You've hit your limit · resets 2am (Europe/Berlin)", endOfMinute(2026, 6, 31, 0, 0)],
    [
      'session limit, curly apostrophe, ∙, minutes, zone ahead of UTC past midnight',
      'You’ve hit your session limit ∙ resets 10:10pm (Asia/Calcutta)',
      endOfMinute(2026, 6, 31, 16, 40),
    ],
    [
      'weekly limit with a date',
      "You've hit your weekly limit · resets Jul 31, 2am (UTC)",
      endOfMinute(2026, 6, 31, 2),
    ],
    [
      'weekly limit reached, 2.0.x',
      'Weekly limit reached · resets Aug 3, 7pm (Europe/Moscow)',
      endOfMinute(2026, 7, 3, 16),
    ],
    ['Opus weekly, no zone (local time)', 'Opus weekly limit reached ∙ resets Aug 1, 9am', endOfMinute(2026, 7, 1, 9)],
    ['5-hour limit, no zone (local time)', '5-hour limit reached ∙ resets 12pm', endOfMinute(2026, 6, 31, 12)],
    ['raw form with epoch seconds', 'Claude AI usage limit reached|1750708800', 1750708800_000],
    [
      'mid-2025 sentence',
      'Claude usage limit reached. Your limit will reset at 11pm (America/Bogota).',
      endOfMinute(2026, 6, 31, 4),
    ],
    ['extra usage', "You're out of extra usage · resets 11:30pm (Asia/Colombo)", endOfMinute(2026, 6, 31, 18)],
    ['"·" decoded as Latin-1', "You've hit your limit Â· resets 9pm (UTC)", endOfMinute(2026, 6, 30, 21)],
    ['12am is midnight', "You've hit your limit · resets 12am (UTC)", endOfMinute(2026, 6, 31, 0)],
    ['12pm is noon', "You've hit your limit · resets 12:30pm (UTC)", endOfMinute(2026, 6, 31, 12, 30)],
    [
      'claude.ai wording, upper-case PM',
      'You’ve hit your limit for Claude messages. Limits will reset at 9:30 PM.',
      endOfMinute(2026, 6, 30, 21, 30),
    ],
  ];
  for (const [name, text, expected] of recognised) {
    it(`recognises ${name}`, () => assert.equal(at(text), expected));
  }

  it('reads a time of day before now as tomorrow, and the minute under way as today', () => {
    assert.equal(at("You've hit your limit · resets 8pm (UTC)"), endOfMinute(2026, 6, 30, 20));
    assert.equal(at("You've hit your limit · resets 7:59pm (UTC)"), endOfMinute(2026, 6, 31, 19, 59));
  });

  it('reads a date in January seen in December as next year', () => {
    const december = Date.UTC(2026, 11, 30, 12);
    assert.equal(
      at("You've hit your weekly limit · resets Jan 2, 9am (UTC)", 'UTC', december),
      endOfMinute(2027, 0, 2, 9),
    );
  });

  it('uses the offset in force at the reset, across a daylight-saving change', () => {
    // Berlin leaves summer time at 03:00 on 25 October 2026; midnight is still CEST (UTC+2), 5am is CET (UTC+1).
    const midnightInBerlin = Date.UTC(2026, 9, 24, 22);
    assert.equal(
      at("You've hit your limit · resets 5am (Europe/Berlin)", 'UTC', midnightInBerlin),
      endOfMinute(2026, 9, 25, 4),
    );
  });

  it('still recognises the limit when the zone is unknown, without a reset', () => {
    assert.deepEqual(matchLimitText("You've hit your limit · resets 2am (Mars/Olympus)", { now }), {
      resetsAt: undefined,
    });
    assert.deepEqual(matchLimitText("You've hit your limit", { now }), { resetsAt: undefined });
  });

  const notLimits: [string, string][] = [
    ['a warning', 'Approaching usage limit · resets at 3pm'],
    ['a usage note', "You've used 90% of your session limit · resets 2am (UTC)"],
    ['the text quoted in code', `const msg = "You've hit your limit · resets 2am (Europe/Berlin)";`],
    ['an added line in a diff', `+You've hit your limit · resets 2am (Europe/Berlin)`],
    ['a numbered listing', `  12   You've hit your limit · resets 2am (Europe/Berlin)`],
    ["the user's own input", `❯ You've hit your limit · resets 2am (Europe/Berlin)`],
    ['a server throttle', 'Server is temporarily limiting requests (not your usage limit). Retry in 156s.'],
    ['a generic rate limit', 'Rate limit reached'],
    ['an answer that happens to start like one', "⏺ You've hit your stride: all 40 tests pass."],
    ['prose mentioning limits', 'The usage limit reached its maximum'],
  ];
  for (const [name, text] of notLimits) {
    it(`does not take ${name} for a limit`, () => assert.equal(matchLimitText(text, { now }), undefined));
  }

  it('finds the message inside a longer text only when asked to', () => {
    const details = `API Error: 429 {"error":{"message":"You've hit your limit · resets 2am (UTC)"}}`;
    assert.equal(matchLimitText(details, { now }), undefined);
    assert.equal(matchLimitText(details, { now, anywhere: true })?.resetsAt, endOfMinute(2026, 6, 31, 2));
  });

  it('puts every time-of-day reset within the next day, at the clock time it names', () => {
    const zones = ['UTC', 'Asia/Calcutta', 'Europe/Berlin', 'America/Los_Angeles', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 59 }),
        fc.boolean(),
        fc.constantFrom(...zones),
        (when, hour, minute, pm, zone) => {
          const text = `You've hit your limit · resets ${hour}:${String(minute).padStart(2, '0')}${pm ? 'pm' : 'am'} (${zone})`;
          const resetsAt = at(text, 'UTC', when)!;
          assert.ok(resetsAt > when && resetsAt <= when + 25 * HOUR, `${text} at ${new Date(when).toISOString()}`);
          if (zone === 'UTC' || zone === 'Asia/Calcutta') {
            const wall = wallClockAt(resetsAt, zone)!;
            assert.deepEqual([wall.hour, wall.minute], [(hour % 12) + (pm ? 12 : 0), minute]);
          }
        },
      ),
      { seed: 1414, numRuns: 300 },
    );
  });
});

describe('isServerThrottleText', () => {
  it('tells the server throttle from a usage limit', () => {
    assert.ok(isServerThrottleText('Server is temporarily limiting requests (not your usage limit). Retry in 156s.'));
    assert.ok(!isServerThrottleText("You've hit your limit · resets 2am (UTC)"));
  });
});

describe('findLimitOnScreen', () => {
  const inputBox = [
    '',
    '╭──────────────────────────────╮',
    '│ >                            │',
    '╰──────────────────────────────╯',
    '  ? for shortcuts',
    '',
    '',
  ];

  it('finds the message just above the input box', () => {
    const screen = ['⏺ Working on the tests…', "  ⎿  You've hit your session limit · resets 2am (UTC)", ...inputBox];
    assert.deepEqual(findLimitOnScreen(screen, { now, localTimeZone: 'UTC' }), {
      resetsAt: endOfMinute(2026, 6, 31, 2),
    });
  });

  it('finds the message above the rate-limit dialog', () => {
    const dialog = [
      "  ⎿  You've hit your limit · resets 2am (UTC)",
      '',
      '╭──────────────────────────────────────────────╮',
      '│ What do you want to do?                      │',
      '│                                              │',
      '│ ❯ 1. Stop and wait for limit to reset        │',
      '│   2. Add funds to continue with extra usage  │',
      '│   3. Upgrade your plan                       │',
      '│                                              │',
      '│ Enter to confirm · Esc to cancel             │',
      '╰──────────────────────────────────────────────╯',
    ];
    assert.deepEqual(findLimitOnScreen(dialog, { now }), { resetsAt: endOfMinute(2026, 6, 31, 2) });
  });

  it('ignores the message far up the screen', () => {
    const later = Array.from({ length: 14 }, (_, i) => `line ${i} of later output`);
    const screen = ["  ⎿  You've hit your session limit · resets 2am (UTC)", ...later, ...inputBox];
    assert.equal(findLimitOnScreen(screen, { now }), undefined);
  });

  it('ignores a file the agent printed that contains the text', () => {
    const screen = [
      '⏺ Read(src/limits.ts)',
      `  ⎿  export const LIMIT = "You've hit your limit · resets 2am (UTC)";`,
      `     // You've hit your limit`,
      ...inputBox,
    ];
    assert.equal(findLimitOnScreen(screen, { now }), undefined);
  });
});
