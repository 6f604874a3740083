import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { writeFileAtomic } from './atomic-write';

describe('writeFileAtomic', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-atomic-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const cases: Array<{ name: string; data: string | Uint8Array; mode?: number; wantMode: number }> = [
    { name: 'text, default mode', data: 'hello\n', wantMode: 0o644 },
    { name: 'a secret, mode 0600', data: 'token=abc', mode: 0o600, wantMode: 0o600 },
    { name: 'bytes', data: new Uint8Array([0, 1, 2, 255]), wantMode: 0o644 },
    { name: 'empty content', data: '', mode: 0o600, wantMode: 0o600 },
    { name: 'large content', data: 'x'.repeat(5 * 1024 * 1024), wantMode: 0o644 },
  ];
  for (const [index, tc] of cases.entries()) {
    it(`writes ${tc.name} with no temp file left behind`, () => {
      const sub = join(dir, `case-${index}`);
      const path = join(sub, 'nested', 'file.json');
      writeFileAtomic(path, tc.data, tc.mode === undefined ? {} : { mode: tc.mode });
      assert.deepEqual(readFileSync(path), Buffer.from(tc.data));
      assert.equal(statSync(path).mode & 0o777, tc.wantMode);
      assert.deepEqual(readdirSync(join(sub, 'nested')), ['file.json']);
    });
  }

  it('replaces an existing file and narrows its mode', () => {
    const path = join(dir, 'replace.txt');
    writeFileSync(path, 'old content that is longer', { mode: 0o666 });
    writeFileAtomic(path, 'new', { mode: 0o600 });
    assert.equal(readFileSync(path, 'utf8'), 'new');
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  it('fails without leaving a temp file when the target is a folder', () => {
    const target = join(dir, 'a-folder');
    writeFileAtomic(join(target, 'inside'), 'x');
    assert.throws(() => writeFileAtomic(target, 'y'));
    assert.deepEqual(
      readdirSync(dir).filter((name) => name.endsWith('.tmp')),
      [],
    );
  });

  it('leaves one complete file, and readers never see a partial one, when writers race', async () => {
    const path = join(dir, 'raced.json');
    writeFileAtomic(path, JSON.stringify({ writer: -1, i: -1 }));
    const moduleUrl = new URL('./atomic-write.ts', import.meta.url).href;
    const node = (script: string): Promise<number | null> =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          stdio: 'inherit',
        });
        child.on('error', reject);
        child.on('close', resolve);
      });
    const writers = Array.from({ length: 8 }, (_, writer) =>
      node(`
        const { writeFileAtomic } = await import(${JSON.stringify(moduleUrl)});
        for (let i = 0; i < 50; i++) {
          writeFileAtomic(${JSON.stringify(path)}, JSON.stringify({ writer: ${writer}, i, pad: 'p'.repeat(20000) }));
        }`),
    );
    // Exits 1 if any read during the race finds a missing, empty or truncated file.
    const reader = node(`
      const { readFileSync } = await import('node:fs');
      for (let i = 0; i < 3000; i++) JSON.parse(readFileSync(${JSON.stringify(path)}, 'utf8'));`);
    assert.deepEqual(await Promise.all([...writers, reader]), Array(9).fill(0));
    const final = JSON.parse(readFileSync(path, 'utf8')) as { writer: number; i: number };
    assert.equal(final.i, 49);
    assert.deepEqual(
      readdirSync(dir).filter((name) => name.startsWith('.raced')),
      [],
    );
  });
});
