/**
 * Reads the few settings of a nats-server configuration file the checks need. Not a parser of the
 * whole format: `key: value` lines (first occurrence, anywhere) and the `routes: [ ... ]` list.
 */

/** The value of the first `key: value` (or `key = value`, `key value`) line, # comments removed. */
export function natsSetting(conf: string, key: string): string | undefined {
  for (const line of withoutComments(conf).split('\n')) {
    const match = new RegExp(`^\\s*${key}\\s*(?::|=|\\s)\\s*(.+?)\\s*$`).exec(line);
    if (match && !match[1].startsWith('{') && !match[1].startsWith('[')) return match[1].replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

/** The URLs of the cluster's `routes: [ ... ]` list (commas or line breaks between them). */
export function natsRoutes(conf: string): string[] {
  const match = /\broutes\s*(?::|=)?\s*\[([^\]]*)\]/.exec(withoutComments(conf));
  if (!match) return [];
  return match[1]
    .split(/[\s,]+/)
    .map((route) => route.replace(/^"(.*)"$/, '$1'))
    .filter((route) => route !== '');
}

function withoutComments(conf: string): string {
  return conf
    .split('\n')
    .map((line) => line.replace(/(^|\s)(#|\/\/).*$/, ''))
    .join('\n');
}
