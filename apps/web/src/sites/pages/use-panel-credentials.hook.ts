import { useState } from 'react';
import { PANEL_KEY_PATTERN, normaliseHwaddr } from '@app/contracts';
import { maskKeyInput, maskMacInput } from '../mac-input.util';

/** What a panel claim form has typed: the MAC (unless the route names the panel) and the admin key. */
export interface PanelCredentials {
  /** The MAC as typed, masked to colon-joined hex pairs. */
  mac: string;
  key: string;
  /** The panel's hwaddr: the known one, or the typed MAC once complete, otherwise null. */
  hwaddr: string | null;
  /** What to claim with, once the panel is known and the key has its 4 digits; null until then. */
  claim: { hwaddr: string; key: string } | null;
  /** True when the hwaddr came with the screen and the MAC is not asked. */
  hwaddrFixed: boolean;
  typeMac(text: string): void;
  typeKey(text: string): void;
}

export function usePanelCredentials(knownHwaddr?: string): PanelCredentials {
  const [mac, setMac] = useState('');
  const [key, setKey] = useState('');
  const hwaddr = knownHwaddr ?? normaliseHwaddr(mac);
  return {
    mac,
    key,
    hwaddr,
    claim: hwaddr && PANEL_KEY_PATTERN.test(key) ? { hwaddr, key } : null,
    hwaddrFixed: knownHwaddr !== undefined,
    typeMac: (text) => setMac(maskMacInput(text)),
    typeKey: (text) => setKey(maskKeyInput(text)),
  };
}
