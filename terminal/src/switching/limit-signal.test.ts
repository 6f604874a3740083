import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectLimitSignal, type LimitEvidence, type LimitSignal } from './limit-signal';

const MIN = 60_000;
const now = Date.UTC(2026, 6, 30, 20, 0);
const options = { now, localTimeZone: 'UTC' };

const limitText = "You've hit your session limit · resets 10pm (UTC)";
const throttleText = 'Server is temporarily limiting requests (not your usage limit). Retry in 156s.';
const hook = (fields: Record<string, string> = {}) => ({
  hook_event_name: 'StopFailure',
  session_id: '5f0c…',
  error: 'rate_limit',
  ...fields,
});
const transcriptLine = (text: string, error: string | undefined = 'rate_limit') => ({
  type: 'assistant',
  isApiErrorMessage: true,
  error,
  apiErrorStatus: 429,
  message: { model: '<synthetic>', content: [{ type: 'text', text }] },
});
const inputBox = ['╭────────╮', '│ >      │', '╰────────╯'];

describe('detectLimitSignal', () => {
  const table: { name: string; evidence: LimitEvidence; signal: LimitSignal }[] = [
    {
      name: 'StopFailure rate_limit with the limit message',
      evidence: { hook: hook({ last_assistant_message: limitText }) },
      signal: { kind: 'usage-limit', resetsAt: Date.UTC(2026, 6, 30, 22) + 59_999, source: 'hook' },
    },
    {
      name: 'the older error_type field',
      evidence: { hook: { hook_event_name: 'StopFailure', error_type: 'rate_limit', error_details: limitText } },
      signal: { kind: 'usage-limit', resetsAt: Date.UTC(2026, 6, 30, 22) + 59_999, source: 'hook' },
    },
    {
      name: 'StopFailure rate_limit confirmed by a full window, its reset from the reading',
      evidence: { hook: hook(), usage: { fiveHour: { usedPercent: 100, resetsAt: now + 40 * MIN } } },
      signal: { kind: 'usage-limit', resetsAt: now + 40 * MIN, source: 'hook' },
    },
    {
      name: 'a full 7-day window confirms too, and the latest reset wins',
      evidence: {
        hook: hook({ last_assistant_message: limitText }),
        usage: {
          fiveHour: { usedPercent: 30, resetsAt: now + 60 * MIN },
          sevenDay: { usedPercent: 101, resetsAt: now + 3000 * MIN },
        },
      },
      signal: { kind: 'usage-limit', resetsAt: now + 3000 * MIN, source: 'hook' },
    },
    {
      name: 'StopFailure rate_limit confirmed by the bottom of the screen',
      evidence: { hook: hook(), screenLines: [`⎿  ${limitText}`, ...inputBox] },
      signal: { kind: 'usage-limit', resetsAt: Date.UTC(2026, 6, 30, 22) + 59_999, source: 'hook' },
    },
    {
      name: 'the transcript line alone',
      evidence: { transcript: transcriptLine(limitText) },
      signal: { kind: 'usage-limit', resetsAt: Date.UTC(2026, 6, 30, 22) + 59_999, source: 'transcript' },
    },
    {
      name: 'a transcript 429 without an error field',
      evidence: { transcript: transcriptLine(limitText, undefined) },
      signal: { kind: 'usage-limit', resetsAt: Date.UTC(2026, 6, 30, 22) + 59_999, source: 'transcript' },
    },
    {
      name: 'a limit message in an unknown zone, no reading: a limit without a reset',
      evidence: { hook: hook({ last_assistant_message: "You've hit your limit · resets 2am (Mars/Olympus)" }) },
      signal: { kind: 'usage-limit', resetsAt: undefined, source: 'hook' },
    },
    {
      name: 'the server throttle is not a usage limit, even with a full reading',
      evidence: {
        hook: hook({ last_assistant_message: throttleText }),
        usage: { fiveHour: { usedPercent: 100, resetsAt: now + 10 * MIN } },
      },
      signal: { kind: 'throttle' },
    },
    {
      name: 'the throttle in the transcript',
      evidence: { transcript: transcriptLine(throttleText) },
      signal: { kind: 'throttle' },
    },
    {
      name: 'a rate_limit that nothing confirms',
      evidence: { hook: hook(), usage: { fiveHour: { usedPercent: 60, resetsAt: now + 10 * MIN } } },
      signal: { kind: 'throttle' },
    },
    {
      name: 'a full window whose reset passed does not confirm',
      evidence: { hook: hook(), usage: { fiveHour: { usedPercent: 100, resetsAt: now - MIN } } },
      signal: { kind: 'throttle' },
    },
    {
      name: 'another StopFailure error',
      evidence: { hook: hook({ error: 'authentication_failed', last_assistant_message: 'Please run /login' }) },
      signal: { kind: 'none' },
    },
    {
      name: 'another hook event',
      evidence: { hook: { hook_event_name: 'Stop', error: 'rate_limit', last_assistant_message: limitText } },
      signal: { kind: 'none' },
    },
    {
      name: 'a full reading alone (the agent may be idle)',
      evidence: { usage: { fiveHour: { usedPercent: 100, resetsAt: now + 10 * MIN } } },
      signal: { kind: 'none' },
    },
    {
      name: 'the screen alone, message at the bottom',
      evidence: { screenLines: ['⏺ Running the tests…', `  ⎿  ${limitText}`, ...inputBox, '', ''] },
      signal: { kind: 'usage-limit', resetsAt: Date.UTC(2026, 6, 30, 22) + 59_999, source: 'screen' },
    },
    {
      name: 'the screen alone, message quoted in a diff',
      evidence: { screenLines: ['⏺ Update(src/messages.ts)', `  + const msg = "${limitText}";`, ...inputBox] },
      signal: { kind: 'none' },
    },
    {
      name: 'the screen alone, message far up',
      evidence: {
        screenLines: [`  ⎿  ${limitText}`, ...Array.from({ length: 12 }, (_, i) => `output ${i}`), ...inputBox],
      },
      signal: { kind: 'none' },
    },
  ];
  for (const row of table) {
    it(row.name, () => assert.deepEqual(detectLimitSignal(row.evidence, options), row.signal));
  }
});
