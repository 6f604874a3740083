import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { writeFd } from './write-fd';

describe('writeFd', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-write-fd-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const texts: Array<{ name: string; text: string }> = [
    { name: 'empty', text: '' },
    { name: 'a line', text: '{"hookSpecificOutput":{}}\n' },
    { name: 'multi-byte characters', text: 'ssg blocked this — “rm -rf ~” 😀\n' },
    { name: 'four megabytes', text: 'ab\n'.repeat(1024 * 1024 + 1) },
  ];
  for (const [i, tc] of texts.entries()) {
    it(`writes every byte: ${tc.name}`, () => {
      const path = join(dir, `out-${i}`);
      const fd = openSync(path, 'w');
      try {
        writeFd(fd, tc.text);
      } finally {
        closeSync(fd);
      }
      assert.equal(readFileSync(path, 'utf8'), tc.text);
    });
  }

  it('gives up quietly when the descriptor cannot be written', () => {
    const path = join(dir, 'read-only');
    closeSync(openSync(path, 'w'));
    const readOnly = openSync(path, 'r');
    try {
      assert.doesNotThrow(() => writeFd(readOnly, 'lost\n'));
    } finally {
      closeSync(readOnly);
    }
  });
});
