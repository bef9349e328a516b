import { svgDataUrl } from './svg-data-url.util';

const decoded = (url: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(url.split(',')[1]), (char) => char.charCodeAt(0)));

describe('svgDataUrl', () => {
  it('encodes the UTF-8 bytes, so letters beyond Latin-1 survive', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>Zoë’s key ✓</title></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(decoded(url)).toBe(svg);
  });

  it('takes a document larger than one chunk', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1H0z"/>'.repeat(5000)}</svg>`;
    expect(decoded(svgDataUrl(svg))).toBe(svg);
  });
});
