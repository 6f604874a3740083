// `<home>/sleep-mode.json`: the Sleep at Night state, so it survives daemon restarts. Written atomically with mode
// 0600 by the daemon only (the spec: never edited by hand). Reading tells a missing file (never set: off) from a
// corrupt one, which the service must not mistake for off; a problem names the file and what is wrong with it but
// never quotes its content.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import { describeFsError } from '@ssg/node/rules/sources';
import type { SleepState } from './sleep-state-machine';

const FORMAT_VERSION = 1;

/** A real state file is under 100 bytes; anything this large was not written by ssg. */
const MAX_FILE_BYTES = 64 * 1024;

export const sleepModeFilePath = (home: string): string => join(home, 'sleep-mode.json');

export type SleepModeFileRead =
  { kind: 'missing' } | { kind: 'ok'; state: SleepState } | { kind: 'corrupt'; problem: string };

type StoredState = { version: typeof FORMAT_VERSION } & SleepState;

export function writeSleepModeFile(home: string, state: SleepState): void {
  const stored: StoredState = { version: FORMAT_VERSION, ...state };
  writeFileAtomic(sleepModeFilePath(home), `${JSON.stringify(stored)}\n`, { mode: 0o600 });
}

export function readSleepModeFile(home: string): SleepModeFileRead {
  const path = sleepModeFilePath(home);
  let text: string;
  try {
    const size = statSync(path, { throwIfNoEntry: false })?.size;
    if (size === undefined) return { kind: 'missing' };
    if (size > MAX_FILE_BYTES) return { kind: 'corrupt', problem: `${path} is ${size} bytes, too large to be ssg's` };
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { kind: 'corrupt', problem: `${path} ${describeFsError(error)}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'corrupt', problem: `${path} is not valid JSON` };
  }
  const wrong = whatIsWrong(value);
  if (wrong !== undefined) return { kind: 'corrupt', problem: `${path} is not a Sleep at Night state: ${wrong}` };
  const { version: _version, ...state } = value as StoredState;
  return { kind: 'ok', state };
}

const isTime = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Why a parsed value is not a StoredState, in words that name fields but never repeat their values. */
function whatIsWrong(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
  const record = value as Record<string, unknown>;
  if (record.version !== FORMAT_VERSION) return `"version" is not ${FORMAT_VERSION}`;
  const expected: Record<string, readonly string[]> = {
    off: ['version', 'mode'],
    indefinite: ['version', 'mode', 'since'],
    timed: ['version', 'mode', 'since', 'until'],
  };
  const keys = typeof record.mode === 'string' ? expected[record.mode] : undefined;
  if (keys === undefined) return '"mode" is not off, indefinite or timed';
  const actual = Object.keys(record);
  if (actual.length !== keys.length || !actual.every((key) => keys.includes(key))) {
    return `a "${record.mode}" state has exactly the fields ${keys.join(', ')}`;
  }
  if (record.mode === 'off') return undefined;
  if (!isTime(record.since)) return '"since" is not a time in milliseconds';
  if (record.mode === 'timed' && !(isTime(record.until) && record.until >= record.since)) {
    return '"until" is not a time in milliseconds after "since"';
  }
  return undefined;
}
