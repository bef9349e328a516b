// The web client's icons, drawn here as the project has no image tool: a white flame on the portal's
// red (and, for notifications, on nothing), antialiased, written as PNG with node:zlib alone. `scripts/web-icons.mts` writes them into
// apps/web/public/icons/, which the manifest and index.html name.
import { crc32, deflateSync } from 'node:zlib';

export interface WebIcon {
  file: string;
  /** Width and height, in pixels. */
  size: number;
  /** The flame's height as a share of the icon's. */
  flameHeight: number;
  /** The corners' radius as a share of the icon's size; 0 fills the square, as a maskable icon must. */
  cornerRadius: number;
  /**
   * A notification's badge: the flame alone, white on transparent, as Android draws a badge from its
   * alpha only (a full-colour icon shows as a white square in the status bar).
   */
  badge?: true;
}

/**
 * The install icons fill their square and keep the flame inside the central circle of 80% of the
 * icon that a platform's mask always shows (the maskable safe zone); the favicon, never masked,
 * has rounded corners and a larger flame to stay readable at 32 pixels.
 */
export const WEB_ICONS: readonly WebIcon[] = [
  { file: 'icon-192.png', size: 192, flameHeight: 0.66, cornerRadius: 0 },
  { file: 'icon-512.png', size: 512, flameHeight: 0.66, cornerRadius: 0 },
  { file: 'apple-touch-icon.png', size: 180, flameHeight: 0.66, cornerRadius: 0 },
  { file: 'favicon-32.png', size: 32, flameHeight: 0.8, cornerRadius: 0.2 },
  { file: 'badge-96.png', size: 96, flameHeight: 0.9, cornerRadius: 0, badge: true },
];

/** The maskable safe zone's radius as a share of the icon's size. */
export const SAFE_ZONE_RADIUS = 0.4;

/** The portal's red (--portal-red of the web client's app.css). */
export const PORTAL_RED: readonly [number, number, number] = [0xb3, 0x26, 0x1e];
const WHITE: readonly [number, number, number] = [0xff, 0xff, 0xff];

/** Samples per pixel along each axis, for the edges' antialiasing. */
const SAMPLES = 4;
/** Where the flame's body is widest, as a share of its height from the tip, and its half-width there. */
const WIDEST_AT = 0.68;
const BODY_RADIUS = 1 - WIDEST_AT;
/** How far the tip leans right, as a share of the height. */
const LEAN = 0.14;

/**
 * Whether a point lies in a flame of height 1 whose tip is at (0, 0), y downwards: a round body
 * below its widest line, above it sides that curve in to a tip leaning right. (No Math calls here
 * nor in the loops below: they are many times slower inside Jest, whose test draws every icon.)
 */
function inFlameShape(x: number, y: number): boolean {
  if (y < 0 || y > 1) return false;
  if (y >= WIDEST_AT) return x * x + (y - WIDEST_AT) ** 2 <= BODY_RADIUS ** 2;
  const along = y / WIDEST_AT;
  // Widening from the tip (slope 0 there, a point) to the body (slope 0 there, no corner).
  const halfWidth = BODY_RADIUS * (along * (2 - along)) ** 2;
  const offset = x - LEAN * (1 - along) ** 2;
  return offset * offset <= halfWidth * halfWidth;
}

/** The symbol: the flame, less a smaller one inside it, leaning the other way, that shows the red through. */
function inSymbol(x: number, y: number): boolean {
  const inner = 0.42;
  const innerTop = 0.46;
  return inFlameShape(x, y) && !inFlameShape(-x / inner, (y - innerTop) / inner);
}

/** Whether a point of the unit square lies inside its rounded corners. */
function inRoundedSquare(x: number, y: number, radius: number): boolean {
  const dx = x < radius ? radius - x : x > 1 - radius ? x - (1 - radius) : 0;
  const dy = y < radius ? radius - y : y > 1 - radius ? y - (1 - radius) : 0;
  return dx * dx + dy * dy <= radius * radius;
}

/**
 * The icon's pixels, RGBA row by row, each the average of its samples (colours weighted by their
 * cover); the clamped array rounds each value as it is stored.
 */
export function drawIcon(icon: WebIcon): Uint8ClampedArray {
  const { size, flameHeight, cornerRadius } = icon;
  const pixels = new Uint8ClampedArray(size * size * 4);
  const flameTop = (1 - flameHeight) / 2;
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      let covered = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const x = (column + (sx + 0.5) / SAMPLES) / size;
          const y = (row + (sy + 0.5) / SAMPLES) / size;
          if (!inRoundedSquare(x, y, cornerRadius)) continue;
          covered += 1;
          if (inSymbol((x - 0.5) / flameHeight, (y - flameTop) / flameHeight)) white += 1;
        }
      }
      const at = (row * size + column) * 4;
      if (icon.badge) {
        pixels.fill(255, at, at + 3);
        pixels[at + 3] = (255 * white) / SAMPLES ** 2;
        continue;
      }
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[at + channel] =
          covered === 0 ? 0 : (WHITE[channel] * white + PORTAL_RED[channel] * (covered - white)) / covered;
      }
      pixels[at + 3] = (255 * covered) / SAMPLES ** 2;
    }
  }
  return pixels;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(typed.length + 8);
  framed.writeUInt32BE(data.length, 0);
  typed.copy(framed, 4);
  framed.writeUInt32BE(crc32(typed), typed.length + 4);
  return framed;
}

/** A square RGBA image as PNG: 8 bits a channel, each row unfiltered, one compressed data chunk. */
export function encodePng(size: number, pixels: Uint8ClampedArray): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const stride = size * 4;
  const rows = Buffer.alloc(size * (stride + 1));
  for (let row = 0; row < size; row += 1)
    rows.set(pixels.subarray(row * stride, (row + 1) * stride), row * (stride + 1) + 1);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
