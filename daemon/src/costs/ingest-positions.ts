// `<home>/cost-ingest.json`: how far each agent log has been read, and what its parser must remember from the
// part already read. Written atomically after the ledger has the entries, so after a crash it can only lag
// behind (re-reading is harmless: the ledger drops duplicate keys). A file we cannot read back — corrupt,
// from another version — costs one full re-read, never a wrong total.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import { isRecord } from './log-fields';
import type { ParseState } from './log-source';
import type { TailPosition } from './log-tailer';

export const POSITIONS_FILE = 'cost-ingest.json';
const VERSION = 1;

export interface FilePosition extends TailPosition {
  state: ParseState;
}

export type Positions = Map<string, FilePosition>;

export function positionsPath(home: string): string {
  return join(home, POSITIONS_FILE);
}

export function loadPositions(path: string): Positions {
  const positions: Positions = new Map();
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return positions;
  }
  if (!isRecord(document) || document.version !== VERSION || !isRecord(document.files)) return positions;
  for (const [file, value] of Object.entries(document.files)) {
    const position = readPosition(value);
    if (position) positions.set(file, position);
  }
  return positions;
}

export function savePositions(path: string, positions: Positions): void {
  const files = Object.fromEntries([...positions].sort(([a], [b]) => a.localeCompare(b)));
  // The paths name the user's projects: nobody else needs to read them.
  writeFileAtomic(path, `${JSON.stringify({ version: VERSION, files }, null, 2)}\n`, { mode: 0o600 });
}

function readPosition(value: unknown): FilePosition | undefined {
  if (!isRecord(value)) return undefined;
  const { dev, ino, size, offset, skippingLine, state } = value;
  if (typeof dev !== 'string' || typeof ino !== 'string') return undefined;
  if (!isByteCount(size) || !isByteCount(offset) || offset > size) return undefined;
  if (skippingLine !== undefined && typeof skippingLine !== 'boolean') return undefined;
  if (!isRecord(state) || !Object.values(state).every((field) => typeof field === 'string')) return undefined;
  const position: FilePosition = { dev, ino, size, offset, state: state as ParseState };
  if (skippingLine) position.skippingLine = true;
  return position;
}

function isByteCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
