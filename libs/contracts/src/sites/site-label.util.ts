import { hwaddrToColonForm } from '../util/hwaddr.util';

/** A site tile shows the site name, or the MAC in colon-separated form when there is no name. */
export function siteLabel(name: string | null | undefined, hwaddr: string): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : hwaddrToColonForm(hwaddr);
}
