import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { PORTAL_RED, SAFE_ZONE_RADIUS, WEB_ICONS, drawIcon, encodePng, type WebIcon } from './web-icons.ts';

const folder = resolve(__dirname, '../../apps/web/public/icons');

/** A PNG as encodePng writes it, read back: its size and RGBA pixels; throws on anything else. */
function decodePng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typed = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typed));
    chunks.push({ type: typed.subarray(0, 4).toString('latin1'), data: typed.subarray(4) });
    at += length + 12;
  }
  expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0].data;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  // 8 bits a channel, RGBA, the standard compression and filtering, not interlaced.
  expect([...header.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
  const rows = inflateSync(chunks[1].data);
  const stride = width * 4 + 1;
  expect(rows.length).toBe(height * stride);
  const pixels = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    expect(rows[row * stride]).toBe(0);
    rows.copy(pixels, row * width * 4, row * stride + 1, (row + 1) * stride);
  }
  return { width, height, pixels };
}

function pixelsWhere(icon: WebIcon, pixels: Uint8ClampedArray, where: (x: number, y: number) => boolean): number[][] {
  const found: number[][] = [];
  for (let y = 0; y < icon.size; y += 1)
    for (let x = 0; x < icon.size; x += 1)
      if (where((x + 0.5) / icon.size - 0.5, (y + 0.5) / icon.size - 0.5))
        found.push([...pixels.subarray((y * icon.size + x) * 4, (y * icon.size + x + 1) * 4)]);
  return found;
}

const bytesOf = (pixels: Uint8ClampedArray) => Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
const isRed = ([r, g, b, a]: number[]) =>
  r === PORTAL_RED[0] && g === PORTAL_RED[1] && b === PORTAL_RED[2] && a === 255;
const isWhite = ([r, g, b, a]: number[]) => r === 255 && g === 255 && b === 255 && a === 255;

describe("the web client's icons", () => {
  it.each(WEB_ICONS.map((icon) => [icon.file, icon]))('commits %s as the script draws it', (_file, icon) => {
    const committed = decodePng(readFileSync(join(folder, icon.file)));
    expect([committed.width, committed.height]).toEqual([icon.size, icon.size]);
    expect(committed.pixels.equals(bytesOf(drawIcon(icon)))).toBe(true);
  });

  it('reads back what it writes', () => {
    const icon: WebIcon = { file: 'any.png', size: 24, flameHeight: 0.7, cornerRadius: 0.25 };
    const drawn = drawIcon(icon);
    expect(decodePng(encodePng(icon.size, drawn)).pixels.equals(bytesOf(drawn))).toBe(true);
  });

  it.each(WEB_ICONS.filter((icon) => icon.cornerRadius === 0 && !icon.badge).map((icon) => [icon.file, icon]))(
    'keeps the flame of %s inside the maskable safe zone, the rest of the square red',
    (_file, icon) => {
      const pixels = drawIcon(icon);
      const inSafeZone = (x: number, y: number) => x * x + y * y <= SAFE_ZONE_RADIUS ** 2;
      const outside = pixelsWhere(icon, pixels, (x, y) => !inSafeZone(x, y));
      expect(outside.filter((pixel) => !isRed(pixel))).toEqual([]);
      // The flame is there, and no small mark: about a fifth of the safe zone.
      const inside = pixelsWhere(icon, pixels, inSafeZone);
      const white = inside.filter(isWhite).length / inside.length;
      expect(white).toBeGreaterThan(0.15);
      expect(white).toBeLessThan(0.5);
    },
  );

  it("draws the notifications' badge as the flame alone: white wherever it is not transparent", () => {
    const badge = WEB_ICONS.find((icon) => icon.badge)!;
    const pixels = drawIcon(badge);
    const all = pixelsWhere(badge, pixels, () => true);
    expect(all.filter(([red, green, blue]) => red !== 255 || green !== 255 || blue !== 255)).toEqual([]);
    // Corners and the inner flame show through; the flame covers about a fifth to a half of the square.
    expect([...pixels.subarray(0, 4)]).toEqual([255, 255, 255, 0]);
    const opaque = all.filter((pixel) => pixel[3] === 255).length / all.length;
    expect(opaque).toBeGreaterThan(0.15);
    expect(opaque).toBeLessThan(0.5);
  });

  it('rounds the corners of the favicon, transparent outside them', () => {
    const favicon = WEB_ICONS.find((icon) => icon.file === 'favicon-32.png')!;
    const pixels = drawIcon(favicon);
    expect([...pixels.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
    const middleOfTopRow = (favicon.size / 2) * 4;
    expect(isRed([...pixels.subarray(middleOfTopRow, middleOfTopRow + 4)])).toBe(true);
  });
});
