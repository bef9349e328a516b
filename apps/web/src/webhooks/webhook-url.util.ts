import { WEBHOOK_URL_MAX_LENGTH } from '@app/contracts';

/**
 * Why the typed address cannot be saved, in the server's terms (its policy also refuses private
 * and loopback hosts, which only it can resolve); null when it may be sent.
 */
export function webhookUrlProblem(text: string): string | null {
  const url = text.trim();
  if (url === '') return "Enter the receiver's https:// address.";
  if (!/^https:\/\//i.test(url)) return 'The address must start with https://.';
  if (url.length > WEBHOOK_URL_MAX_LENGTH) return `The address is longer than ${WEBHOOK_URL_MAX_LENGTH} characters.`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'This is not a valid address.';
  }
  if (parsed.username || parsed.password) return 'The address cannot hold a user name or password.';
  if (parsed.hash) return 'The address cannot end with a #fragment.';
  return null;
}
