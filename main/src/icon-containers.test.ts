import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { icnsFile, icoFile } from './icon-containers';

const png = (n: number) => Buffer.from(`\x89PNG-fake-${n}`);

test('.ico: header, one entry per image pointing at its PNG, 256 written as 0', () => {
  const ico = icoFile([
    { size: 16, png: png(16) },
    { size: 256, png: png(256) },
  ]);
  assert.equal(ico.readUInt16LE(2), 1);
  assert.equal(ico.readUInt16LE(4), 2);
  assert.equal(ico.readUInt8(6), 16);
  assert.equal(ico.readUInt8(22), 0);
  const offset = ico.readUInt32LE(22 + 12);
  assert.deepEqual(ico.subarray(offset, offset + ico.readUInt32LE(22 + 8)), png(256));
  assert.throws(() => icoFile([{ size: 512, png: png(512) }]), /at most 256/);
});

test('.icns: magic, total length, typed chunks', () => {
  const icns = icnsFile([{ size: 128, png: png(128) }]);
  assert.equal(icns.toString('ascii', 0, 4), 'icns');
  assert.equal(icns.readUInt32BE(4), icns.length);
  assert.equal(icns.toString('ascii', 8, 12), 'ic07');
  assert.deepEqual(icns.subarray(16), png(128));
  assert.throws(() => icnsFile([{ size: 100, png: png(100) }]), /no .icns type/);
});

test('the committed icons are real containers of PNGs', () => {
  const dir = new URL('../../resources/icons/', import.meta.url);
  const ico = readFileSync(fileURLToPath(new URL('icon.ico', dir)));
  assert.equal(ico.readUInt16LE(4), 6);
  assert.equal(ico.subarray(ico.readUInt32LE(18), ico.readUInt32LE(18) + 4).toString('latin1'), '\x89PNG');
  const icns = readFileSync(fileURLToPath(new URL('icon.icns', dir)));
  assert.equal(icns.toString('ascii', 0, 4), 'icns');
  assert.equal(icns.readUInt32BE(4), icns.length);
});
