import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readStdin, StdinTooLargeError } from './stdin';

describe('readStdin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-stdin-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  function readFrom(content: string | Buffer, limit: number): string {
    const path = join(dir, 'input');
    writeFileSync(path, content);
    const fd = openSync(path, 'r');
    try {
      return readStdin(limit, fd);
    } finally {
      closeSync(fd);
    }
  }

  const cases: Array<{ name: string; content: string; limit: number; want: string }> = [
    { name: 'empty input', content: '', limit: 10, want: '' },
    { name: 'small input', content: '{"a":1}', limit: 100, want: '{"a":1}' },
    { name: 'exactly at the limit', content: 'x'.repeat(10), limit: 10, want: 'x'.repeat(10) },
    { name: 'several chunks', content: 'é'.repeat(100_000), limit: 1_000_000, want: 'é'.repeat(100_000) },
  ];
  for (const tc of cases) {
    it(`reads ${tc.name}`, () => assert.equal(readFrom(tc.content, tc.limit), tc.want));
  }

  it('refuses input over the limit', () => {
    assert.throws(() => readFrom('x'.repeat(200_000), 100_000), StdinTooLargeError);
  });

  it('reads a closed descriptor as empty input', () => {
    assert.equal(readStdin(10, 987_654), '');
  });
});
