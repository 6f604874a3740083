import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { globReadings } from './glob-readings';
import { parseSymbolicPath, renderSymbolicPath } from './symbolic-path';

const readings = (path: string) => globReadings(parseSymbolicPath(path)).map(renderSymbolicPath);

describe('globReadings', () => {
  const cases: Array<[path: string, readings: string[]]> = [
    ['~/Docu*', ['~/Documents']],
    ['~/D*', ['~/Documents', '~/Desktop', '~/Downloads']],
    ['/e?c', ['/etc']],
    ['.gi?', ['./.git']],
    ['.[g]it', ['./.git']],
    // Wildcards alone are the folder's contents, left to the rules; a glob without a dot never matches one.
    ['~/*', []],
    ['./.*', []],
    ['~/*sh', []],
    // Nothing that matters.
    ['build/*.o', []],
    ['~/notes-*.txt', []],
    // A glob the matcher refuses reads as nothing more.
    ['~/[z-a]x', []],
  ];
  for (const [path, want] of cases) it(path, () => assert.deepEqual(readings(path), want));

  it('reads each glob segment, and their combinations', () => {
    const all = readings('~/.s[s]h/id_*');
    for (const path of ['~/.ssh/id_*', '~/.s[s]h/id_rsa', '~/.ssh/id_rsa', '~/.ssh/id_ed25519']) {
      assert.ok(all.includes(path), `${path} in ${all.join(', ')}`);
    }
  });

  it('stays bounded however many segments glob', () => {
    assert.ok(readings('/?/?/?/?/?/?/?/?').length <= 16);
  });
});
