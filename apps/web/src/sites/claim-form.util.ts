import { PANEL_KEY_LENGTH } from '@app/contracts';

const MAC_HEX_DIGITS = 12;

/**
 * What a claim form still lacks before it can be sent, in words beside its disabled button: the
 * MAC address's 6 pairs of hex digits (unless the screen names the panel) and the admin password's
 * 4 digits, each with how much is typed. Null once both are complete.
 */
export function claimFormMissing(form: { mac: string; key: string; hwaddrFixed: boolean }): string | null {
  const missing: string[] = [];
  const hexDigits = form.mac.replace(/[^0-9a-f]/gi, '').length;
  if (!form.hwaddrFixed && hexDigits < MAC_HEX_DIGITS)
    missing.push(`the MAC address needs 6 pairs of hex digits (${Math.floor(hexDigits / 2)} typed)`);
  if (form.key.length < PANEL_KEY_LENGTH)
    missing.push(`the admin password needs ${PANEL_KEY_LENGTH} digits (${form.key.length} typed)`);
  return missing.length === 0 ? null : `Still needed: ${missing.join('; ')}.`;
}
