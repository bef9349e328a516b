import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCT_VERSION } from './product.constants';

const ROOT = join(__dirname, '../../../..');

describe('the release', () => {
  it("is package.json's version, with its entry at the top of CHANGELOG.md", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe(PRODUCT_VERSION);
    const releases = [
      ...readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8').matchAll(/^## (\S+) \(\d{4}-\d{2}-\d{2}\)$/gm),
    ];
    expect(releases[0]?.[1]).toBe(PRODUCT_VERSION);
  });
});
