import { HWADDR_LENGTH, PANEL_KEY_LENGTH } from '@app/contracts';

/** Masks typed text as a MAC address: hex only, uppercase, pairs joined by colons, 12 digits at most. */
export function maskMacInput(text: string): string {
  const hex = text
    .replace(/[^0-9a-fA-F]/g, '')
    .toUpperCase()
    .slice(0, HWADDR_LENGTH);
  return (hex.match(/.{1,2}/g) ?? []).join(':');
}

/** Masks typed text as an admin key: digits only, 4 at most. */
export function maskKeyInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, PANEL_KEY_LENGTH);
}
