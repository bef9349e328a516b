/**
 * Addresses a user may type for a host: an IPv4 or IPv6 address, or a DNS name (labels of letters,
 * digits, '-' and '_', none starting or ending with '-', the last not all digits). The same rules
 * as validator.js's isIP and isFQDN({ require_tld: false, allow_underscores: true }), which the
 * request checks used, without the dependency (the web client shares this code).
 */

const IPV4_SEGMENT = '(?:[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])';
const IPV4 = `(${IPV4_SEGMENT}[.]){3}${IPV4_SEGMENT}`;
const IPV4_PATTERN = new RegExp(`^${IPV4}$`);
const H = '(?:[0-9a-fA-F]{1,4})';
const IPV6_PATTERN = new RegExp(
  '^(' +
    `(?:${H}:){7}(?:${H}|:)|` +
    `(?:${H}:){6}(?:${IPV4}|:${H}|:)|` +
    `(?:${H}:){5}(?::${IPV4}|(:${H}){1,2}|:)|` +
    `(?:${H}:){4}(?:(:${H}){0,1}:${IPV4}|(:${H}){1,3}|:)|` +
    `(?:${H}:){3}(?:(:${H}){0,2}:${IPV4}|(:${H}){1,4}|:)|` +
    `(?:${H}:){2}(?:(:${H}){0,3}:${IPV4}|(:${H}){1,5}|:)|` +
    `(?:${H}:){1}(?:(:${H}){0,4}:${IPV4}|(:${H}){1,6}|:)|` +
    `(?::((?::${H}){0,5}:${IPV4}|(?::${H}){1,7}|:))` +
    ')(%[0-9a-zA-Z.]{1,})?$',
);

export function isIpv4Address(value: string): boolean {
  return IPV4_PATTERN.test(value);
}

export function isIpAddress(value: string): boolean {
  return IPV4_PATTERN.test(value) || IPV6_PATTERN.test(value);
}

export function isDnsName(value: string): boolean {
  const labels = value.split('.');
  if (/^\d+$/.test(labels[labels.length - 1])) return false;
  return labels.every(
    (label) =>
      label.length <= 63 &&
      /^[a-z_\u00a1-\uffff0-9-]+$/i.test(label) &&
      !/[\uff01-\uff5e]/.test(label) &&
      !/^-|-$/.test(label),
  );
}
