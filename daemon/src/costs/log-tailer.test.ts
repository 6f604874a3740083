// The tailer on real files in a temp folder: only appended, complete lines; a partial line waits; a truncated,
// replaced or rewritten file is read again from the start; overlong lines are dropped without holding them;
// a writer appending while we read loses nothing and duplicates nothing.
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readNewLines, type TailOptions, type TailPosition, type TailResult } from './log-tailer';

let dir: string;
before(() => (dir = mkdtempSync(join(tmpdir(), 'ssg-tailer-test-'))));
after(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
const newFile = (content = '') => {
  const path = join(dir, `log-${++fileCount}.jsonl`);
  writeFileSync(path, content);
  return path;
};

interface Pass {
  lines: string[];
  fromStart: boolean | undefined;
  result: TailResult | undefined;
}

/** One pass: the lines handed out, and where reading started (undefined: the reader was not called). */
async function pass(path: string, previous?: TailPosition, options?: TailOptions): Promise<Pass> {
  const lines: string[] = [];
  let fromStart: boolean | undefined;
  const result = await readNewLines(
    path,
    previous,
    (start) => {
      fromStart = start;
      return (line) => lines.push(line);
    },
    options,
  );
  return { lines, fromStart, result };
}

describe('log tailer', () => {
  test('a new file: every complete line, from the start', async () => {
    const path = newFile('{"a":1}\n{"b":2}\n{"c":3}\n');
    const first = await pass(path);
    assert.deepEqual(first.lines, ['{"a":1}', '{"b":2}', '{"c":3}']);
    assert.equal(first.fromStart, true);
    assert.equal(first.result!.position.offset, 24);
    assert.equal(first.result!.position.size, 24);
  });

  test('nothing new: the reader is not called and the position is the same object', async () => {
    const path = newFile('{"a":1}\n');
    const { result } = await pass(path);
    const again = await pass(path, result!.position);
    assert.equal(again.fromStart, undefined);
    assert.equal(again.result!.position, result!.position);
  });

  test('a partial last line waits until its newline arrives, then is read once, whole', async () => {
    const path = newFile('{"a":1}\n');
    let position = (await pass(path)).result!.position;
    appendFileSync(path, '{"half":');
    const partial = await pass(path, position);
    assert.deepEqual(partial.lines, []);
    assert.equal(partial.fromStart, false);
    assert.equal(partial.result!.position.offset, 8, 'the offset stays at the start of the partial line');
    position = partial.result!.position;
    appendFileSync(path, '"done"}\n{"next":1}\n');
    const completed = await pass(path, position);
    assert.deepEqual(completed.lines, ['{"half":"done"}', '{"next":1}']);
  });

  test('a truncated file is read again from the start', async () => {
    const path = newFile('{"a":1}\n{"b":2}\n');
    const { result } = await pass(path);
    truncateSync(path, 0);
    appendFileSync(path, '{"c":3}\n');
    const after = await pass(path, result!.position);
    assert.equal(after.fromStart, true);
    assert.deepEqual(after.lines, ['{"c":3}']);
  });

  test('a file replaced by rename (new inode) is read again from the start, even when it is longer', async () => {
    const path = newFile('{"a":1}\n');
    const { result } = await pass(path);
    const replacement = join(dir, 'replacement.tmp');
    writeFileSync(replacement, '{"a":1}\n{"b":2}\n');
    renameSync(replacement, path);
    const after = await pass(path, result!.position);
    assert.equal(after.fromStart, true);
    assert.deepEqual(after.lines, ['{"a":1}', '{"b":2}']);
  });

  test('a file rewritten in place, so that no line ends where we stopped, is read again from the start', async () => {
    const path = newFile('{"a":1}\n');
    const { result } = await pass(path);
    writeFileSync(path, '{"rewritten":true}\n');
    const after = await pass(path, result!.position);
    assert.equal(after.fromStart, true);
    assert.deepEqual(after.lines, ['{"rewritten":true}']);
  });

  test('a saved position resumes after a restart (JSON round trip)', async () => {
    const path = newFile('{"a":1}\n');
    const { result } = await pass(path);
    const saved: TailPosition = JSON.parse(JSON.stringify(result!.position));
    appendFileSync(path, '{"b":2}\n');
    const resumed = await pass(path, saved);
    assert.equal(resumed.fromStart, false);
    assert.deepEqual(resumed.lines, ['{"b":2}']);
  });

  test('lines across chunk boundaries keep multi-byte characters whole; CRLF and blank lines', async () => {
    const text = ['{"s":"héllo wörld ✓ 日本語"}', '', '{"t":"🙂🙂🙂"}'];
    const path = newFile(`${text[0]}\r\n\n${text[2]}\n`);
    const { lines } = await pass(path, undefined, { chunkBytes: 5 });
    assert.deepEqual(lines, [text[0], text[2]]);
  });

  test('an overlong line is dropped and counted; the lines after it are read', async () => {
    const path = newFile(`{"a":1}\n${'x'.repeat(500)}\n{"b":2}\n`);
    const { lines, result } = await pass(path, undefined, { maxLineBytes: 100, chunkBytes: 64 });
    assert.deepEqual(lines, ['{"a":1}', '{"b":2}']);
    assert.equal(result!.oversizedLines, 1);
    assert.equal(result!.position.skippingLine, undefined);
  });

  test('an overlong line still being written is skipped across passes, without re-reading it', async () => {
    const options = { maxLineBytes: 100, chunkBytes: 64 };
    const path = newFile(`{"a":1}\n${'x'.repeat(300)}`);
    const first = await pass(path, undefined, options);
    assert.deepEqual(first.lines, ['{"a":1}']);
    assert.equal(first.result!.oversizedLines, 1);
    assert.equal(first.result!.position.skippingLine, true);
    assert.equal(first.result!.position.offset, 308, 'the dropped bytes are consumed');
    appendFileSync(path, `${'x'.repeat(300)}\n{"b":2}\n`);
    const second = await pass(path, first.result!.position, options);
    assert.deepEqual(second.lines, ['{"b":2}']);
    assert.equal(second.result!.oversizedLines, 0, 'the same line is not counted twice');
    assert.equal(second.result!.position.skippingLine, undefined);
  });

  test('a file that is gone answers undefined', async () => {
    assert.equal((await pass(join(dir, 'never-written.jsonl'))).result, undefined);
  });

  test('a writer appending (in pieces) while we read: every line exactly once, in order', async () => {
    const path = newFile();
    const expected = Array.from({ length: 400 }, (_, i) => JSON.stringify({ n: i, pad: 'p'.repeat(i % 97) }));
    const writer = (async () => {
      const handle = await open(path, 'a');
      try {
        for (const line of expected) {
          // Half a line, a pause, the rest: a reader in between must see no partial line.
          const cut = Math.floor(line.length / 2);
          await handle.write(line.slice(0, cut));
          await new Promise((resolve) => setImmediate(resolve));
          await handle.write(`${line.slice(cut)}\n`);
        }
      } finally {
        await handle.close();
      }
    })();
    const seen: string[] = [];
    let position: TailPosition | undefined;
    let passesWithLines = 0;
    let writing = true;
    void writer.finally(() => (writing = false));
    while (writing) {
      const next = await pass(path, position, { chunkBytes: 256 });
      seen.push(...next.lines);
      if (next.lines.length > 0) passesWithLines++;
      position = next.result?.position ?? position;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writer;
    seen.push(...(await pass(path, position)).lines);
    assert.ok(passesWithLines > 1, 'the reads interleaved with the writes');
    assert.deepEqual(seen, expected);
  });
});
