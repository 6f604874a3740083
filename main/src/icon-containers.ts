// The two icon containers electron-builder wants besides PNGs: Windows .ico and macOS .icns. Both may hold PNG
// images as they are, so they are written here from the PNGs the SVG renders to, with no ImageMagick or iconutil
// (neither is on our build machines).

/** .ico: a 6-byte header, a 16-byte entry per image, then the PNGs. Sizes above 255 are written as 0 (= 256). */
export function icoFile(images: { size: number; png: Uint8Array }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    if (size > 256) throw new Error(`an .ico image is at most 256 px, not ${size}`);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => Buffer.from(i.png))]);
}

/** The .icns types that hold PNG data, by pixel size (ic07 128, ic08 256, ic09 512, ic10 1024 = 512@2x). */
export const ICNS_TYPES: Record<number, string> = {
  16: 'icp4',
  32: 'icp5',
  64: 'icp6',
  128: 'ic07',
  256: 'ic08',
  512: 'ic09',
  1024: 'ic10',
};

/** .icns: 'icns' and the file length, then per image a 4-char type, its length (header included) and the PNG. */
export function icnsFile(images: { size: number; png: Uint8Array }[]): Buffer {
  const chunks = images.map(({ size, png }) => {
    const type = ICNS_TYPES[size];
    if (!type) throw new Error(`no .icns type holds a ${size} px PNG`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([head, Buffer.from(png)]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}
