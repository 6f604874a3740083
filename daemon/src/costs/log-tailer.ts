// Reads what was appended to a log since the last pass, one complete line at a time. A file is known by its
// device and inode: one that shrank, was replaced (new inode) or no longer ends a line where we stopped was
// rewritten, and is read again from the start — the ledger's dedupe keys make that exact, which is also why a
// position saved a little behind the ledger (a crash between the two) does no harm.
import { open, stat } from 'node:fs/promises';

/** Where reading stopped in one file. dev and ino are strings: they can exceed 2^53 on some file systems. */
export interface TailPosition {
  dev: string;
  ino: string;
  /** The size when last read; the same size and inode means nothing new. */
  size: number;
  /** Just past the last complete line handed out (or, while skipping an overlong line, the end read so far). */
  offset: number;
  /** In the middle of a line longer than the limit: drop bytes up to the next newline. */
  skippingLine?: boolean;
}

export interface TailResult {
  position: TailPosition;
  /** Read from the start: new file, or rewritten since the position was taken. */
  fromStart: boolean;
  /** Lines dropped for being longer than maxLineBytes. */
  oversizedLines: number;
}

export interface TailOptions {
  /** A longer line is dropped (counted in oversizedLines) instead of held in memory. */
  maxLineBytes?: number;
  chunkBytes?: number;
}

/** Far above any real log line (Claude Code's longest hold pasted images), far below trouble. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

/** Told where reading starts (from the start, or where the last pass stopped); returns what takes each line. */
export type LineReader = (fromStart: boolean) => (line: string) => void;

/**
 * Hands every complete line appended since `previous` to the reader, in order, and says where to continue. A last
 * line without its newline yet is left for the next pass. When nothing changed, the reader is not called and
 * the result's position is `previous` itself. Undefined when the file is gone.
 */
export async function readNewLines(
  path: string,
  previous: TailPosition | undefined,
  reader: LineReader,
  options: TailOptions = {},
): Promise<TailResult | undefined> {
  const seen = await statIfPresent(path);
  if (!seen) return undefined;
  if (previous && sameFile(previous, seen) && seen.size === BigInt(previous.size)) {
    return { position: previous, fromStart: false, oversizedLines: 0 };
  }
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    // Stat the open file, not the name: a replacement after the open is the next pass's business.
    const now = await handle.stat({ bigint: true });
    const size = Number(now.size);
    let start = previous && sameFile(previous, now) && size >= previous.offset ? previous.offset : 0;
    let skipping = start > 0 && previous?.skippingLine === true;
    if (start > 0 && !skipping) {
      const before = Buffer.alloc(1);
      await handle.read(before, 0, 1, start - 1);
      if (before[0] !== NEWLINE) start = 0;
    }
    if (start === 0) skipping = false;
    const onLine = reader(start === 0);
    const maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    const chunk = Buffer.alloc(Math.min(options.chunkBytes ?? CHUNK_BYTES, Math.max(size - start, 1)));
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let oversizedLines = 0;
    let offset = start;
    let readAt = start;
    while (readAt < size) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - readAt), readAt);
      if (bytesRead === 0) break;
      let lineStart = 0;
      for (let newline = chunk.indexOf(NEWLINE, 0); newline !== -1 && newline < bytesRead;) {
        if (!skipping) emit(Buffer.concat([...pending, chunk.subarray(lineStart, newline)]), onLine);
        skipping = false;
        pending = [];
        pendingBytes = 0;
        lineStart = newline + 1;
        offset = readAt + lineStart;
        newline = chunk.indexOf(NEWLINE, lineStart);
      }
      if (!skipping && lineStart < bytesRead) {
        pending.push(Buffer.from(chunk.subarray(lineStart, bytesRead)));
        pendingBytes += bytesRead - lineStart;
        if (pendingBytes > maxLineBytes) {
          oversizedLines++;
          skipping = true;
          pending = [];
          pendingBytes = 0;
        }
      }
      readAt += bytesRead;
      // Bytes of an overlong line are consumed for good; a normal partial line is read again next pass.
      if (skipping) offset = readAt;
    }
    const position: TailPosition = { dev: String(now.dev), ino: String(now.ino), size: readAt, offset };
    if (skipping) position.skippingLine = true;
    return { position, fromStart: start === 0, oversizedLines };
  } finally {
    await handle.close();
  }
}

function emit(bytes: Buffer, onLine: (line: string) => void): void {
  const line = bytes.toString('utf8').replace(/\r$/, '');
  if (line.trim() !== '') onLine(line);
}

function sameFile(position: TailPosition, stats: { dev: bigint; ino: bigint }): boolean {
  return position.dev === String(stats.dev) && position.ino === String(stats.ino);
}

async function statIfPresent(path: string) {
  try {
    return await stat(path, { bigint: true });
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
