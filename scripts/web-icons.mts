// Draws the web client's icons (scripts/lib/web-icons.ts) into apps/web/public/icons/, which Vite
// copies into the build as they are. Run it after changing the drawing and commit what it writes:
//
//   node --experimental-strip-types scripts/web-icons.mts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WEB_ICONS, drawIcon, encodePng } from './lib/web-icons.ts';

const folder = resolve(import.meta.dirname, '../apps/web/public/icons');
mkdirSync(folder, { recursive: true });
for (const icon of WEB_ICONS) {
  const png = encodePng(icon.size, drawIcon(icon));
  writeFileSync(join(folder, icon.file), png);
  console.log(`[web-icons] ${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
}
