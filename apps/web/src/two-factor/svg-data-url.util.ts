/** Bytes per String.fromCharCode call: spreading a whole document could exceed the argument limit. */
const CHUNK = 0x8000;

/** An SVG document as a data: address for an <img>; btoa takes Latin-1 only, so the UTF-8 bytes are encoded. */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHUNK) binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}
