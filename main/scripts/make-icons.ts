// Renders resources/icons/icon.svg and tray.svg to the PNG sizes electron-builder and the tray use, and packs
// icon.ico and icon.icns from them. Needs rsvg-convert (Debian: apt-get install librsvg2-bin); the results are
// committed, so only whoever changes the SVGs runs this: `npm run icons --workspace=@ssg/main`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { icnsFile, icoFile } from '../src/icon-containers';

const icons = fileURLToPath(new URL('../../resources/icons/', import.meta.url));
const render = (svg: string, size: number, out: string): Buffer => {
  execFileSync('rsvg-convert', ['-w', String(size), '-h', String(size), '-o', out, join(icons, svg)]);
  return readFileSync(out);
};

mkdirSync(join(icons, 'png'), { recursive: true });
const png = new Map<number, Buffer>();
for (const size of [16, 32, 48, 64, 128, 256, 512, 1024])
  png.set(size, render('icon.svg', size, join(icons, 'png', `${size}x${size}.png`)));
const pick = (sizes: number[]) => sizes.map((size) => ({ size, png: png.get(size)! }));
writeFileSync(join(icons, 'icon.ico'), icoFile(pick([16, 32, 48, 64, 128, 256])));
writeFileSync(join(icons, 'icon.icns'), icnsFile(pick([16, 32, 64, 128, 256, 512, 1024])));
render('icon.svg', 512, join(icons, 'icon.png'));
render('tray.svg', 32, join(icons, 'tray.png'));
render('tray.svg', 22, join(icons, 'trayTemplate.png'));
render('tray.svg', 44, join(icons, 'trayTemplate@2x.png'));
