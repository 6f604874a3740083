// The positions file read back: what was saved comes back; anything unreadable — the whole file or one entry —
// is dropped, which only means that log is read again from the start (the ledger's keys keep totals exact).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type FilePosition, loadPositions, positionsPath, savePositions } from './ingest-positions';

let home: string;
before(() => (home = mkdtempSync(join(tmpdir(), 'ssg-positions-test-'))));
after(() => rmSync(home, { recursive: true, force: true }));

const good: FilePosition = {
  dev: '2049',
  ino: '18446744073709551557',
  size: 900,
  offset: 850,
  state: { model: 'gpt-5' },
};

describe('ingest positions', () => {
  test('saved positions load back, and the file is private to the user', () => {
    const path = positionsPath(home);
    const skipping: FilePosition = { ...good, offset: 900, skippingLine: true, state: {} };
    savePositions(
      path,
      new Map([
        ['/logs/b.jsonl', good],
        ['/logs/a.jsonl', skipping],
      ]),
    );
    assert.deepEqual(
      loadPositions(path),
      new Map([
        ['/logs/a.jsonl', skipping],
        ['/logs/b.jsonl', good],
      ]),
    );
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  const broken: Array<[string, string]> = [
    ['not JSON', '{"version":1,"files":'],
    ['another version', JSON.stringify({ version: 2, files: { '/a': good } })],
    ['files not an object', JSON.stringify({ version: 1, files: [good] })],
    ['empty', ''],
  ];
  for (const [name, text] of broken) {
    test(`a whole file that is ${name} reads as no positions`, () => {
      const path = join(home, `broken-${name}.json`);
      writeFileSync(path, text);
      assert.equal(loadPositions(path).size, 0);
    });
  }

  test('a missing file reads as no positions', () => assert.equal(loadPositions(join(home, 'absent.json')).size, 0));

  const badEntries: Array<[string, unknown]> = [
    ['dev a number', { ...good, dev: 2049 }],
    ['offset past the size', { ...good, offset: 901 }],
    ['negative size', { ...good, size: -1, offset: 0 }],
    ['fractional offset', { ...good, offset: 1.5 }],
    ['state with a non-string', { ...good, state: { model: 5 } }],
    ['no state', { ...good, state: undefined }],
    ['skippingLine not a boolean', { ...good, skippingLine: 'yes' }],
    ['not an object', 'position'],
  ];
  for (const [name, entry] of badEntries) {
    test(`an entry with ${name} is dropped, the others kept`, () => {
      const path = join(home, 'entries.json');
      writeFileSync(path, JSON.stringify({ version: 1, files: { '/bad': entry, '/good': good } }));
      assert.deepEqual([...loadPositions(path).keys()], ['/good']);
    });
  }
});
