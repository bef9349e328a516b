import { normaliseHwaddr } from '@app/contracts';
import type { PanelIdentityRow } from '@app/database';
import { DEVICE_KEY_PATTERN } from '@app/panel-protocol';

export type ManufacturerList = { ok: true; rows: PanelIdentityRow[] } | { ok: false; problems: string[] };

/**
 * A manufacturer's list of provisioned panels: one `hwaddr,publicKeyHex` per line (the hwaddr with
 * or without colons, any case; the Ed25519 public key as 64 hex), blank lines and `#` comments
 * ignored. Every line is checked before anything is imported; each bad one is named by its number.
 */
export function parseManufacturerList(text: string): ManufacturerList {
  const rows: PanelIdentityRow[] = [];
  const problems: string[] = [];
  const lineOf = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const number = index + 1;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const fields = line.split(',').map((field) => field.trim());
    if (fields.length !== 2) {
      problems.push(`line ${number}: expected hwaddr,publicKeyHex`);
      return;
    }
    const hwaddr = normaliseHwaddr(fields[0]);
    const publicKey = fields[1].toLowerCase();
    if (hwaddr === null)
      problems.push(`line ${number}: '${fields[0].slice(0, 40)}' is not a MAC address (12 hex characters)`);
    else if (!DEVICE_KEY_PATTERN.test(publicKey))
      problems.push(`line ${number}: the public key of ${hwaddr} must be 64 hex characters`);
    else if (lineOf.has(hwaddr)) problems.push(`line ${number}: ${hwaddr} is already on line ${lineOf.get(hwaddr)}`);
    else {
      lineOf.set(hwaddr, number);
      rows.push({ hwaddr, publicKey });
    }
  });
  if (problems.length > 0) return { ok: false, problems };
  if (rows.length === 0) return { ok: false, problems: ['the list holds no panel'] };
  return { ok: true, rows };
}
