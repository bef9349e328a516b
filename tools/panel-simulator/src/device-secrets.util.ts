import { normaliseHwaddr } from '@app/contracts';
import { DEVICE_KEY_PATTERN } from '@app/panel-protocol';

/** A missing or malformed device secret: the simulator does not start. */
export class DeviceSecretsError extends Error {}

/**
 * Reads a device secrets file: one `hwaddr,secretHex` per line (the output of the provisioning
 * command), blank lines and `#` comments ignored. Every bad line is named by its number.
 */
export function parseDeviceSecrets(text: string): Map<string, string> {
  const secrets = new Map<string, string>();
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [hwaddrText = '', secret = '', ...rest] = line.split(',').map((part) => part.trim());
    const hwaddr = normaliseHwaddr(hwaddrText);
    if (rest.length > 0 || hwaddr === null) problems.push(`line ${index + 1}: expected hwaddr,secret`);
    else if (!DEVICE_KEY_PATTERN.test(secret))
      problems.push(`line ${index + 1}: the secret of ${hwaddr} must be 64 lowercase hex characters`);
    else if (secrets.has(hwaddr)) problems.push(`line ${index + 1}: ${hwaddr} appears twice`);
    else secrets.set(hwaddr, secret);
  });
  if (problems.length > 0) throw new DeviceSecretsError(`bad device secrets file: ${problems.join('; ')}`);
  return secrets;
}

/** The device secret of each panel, or an error naming every panel without one. */
export function deviceSecretsFor(
  hwaddrs: readonly string[],
  given: { single?: string; file?: Map<string, string> },
): Map<string, string> {
  if (given.single !== undefined && hwaddrs.length !== 1)
    throw new DeviceSecretsError('--device-secret is for one panel; give several with --device-secrets FILE');
  const secrets = new Map<string, string>();
  for (const hwaddr of hwaddrs) {
    const secret = given.single ?? given.file?.get(hwaddr);
    if (secret !== undefined) secrets.set(hwaddr, secret);
  }
  const missing = hwaddrs.filter((hwaddr) => !secrets.has(hwaddr));
  if (missing.length > 0) {
    const shown =
      missing.length > 5 ? `${missing.slice(0, 5).join(', ')} and ${missing.length - 5} more` : missing.join(', ');
    throw new DeviceSecretsError(
      `no device secret for panel ${shown}. Every panel proves its identity with the secret printed when it was provisioned ` +
        '(npm run panels -- provision <hwaddr>): pass --device-secret HEX for one panel or --device-secrets FILE (lines hwaddr,secret).',
    );
  }
  return secrets;
}
