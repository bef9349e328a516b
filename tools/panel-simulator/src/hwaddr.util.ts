import { randomBytes } from 'node:crypto';

/** `count` hardware addresses from `base` upwards (base + 0, base + 1, …), or random ones. */
export function panelHwaddrs(count: number, base?: string): string[] {
  const start = BigInt(`0x${base ?? randomBytes(6).toString('hex')}`);
  const limit = 1n << 48n;
  return Array.from({ length: count }, (_, index) => ((start + BigInt(index)) % limit).toString(16).padStart(12, '0'));
}
