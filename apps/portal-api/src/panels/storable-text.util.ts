/** U+0000, and a high surrogate without its low half or a low one without its high half (UTF-16 code units). */
// Matching U+0000 is the point of this pattern.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * PostgreSQL refuses U+0000 in text and jsonb, and jsonb refuses lone surrogates: the audit log keeps
 * what it is given with those replaced by U+FFFD, so that recording a command never fails on its text.
 */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

/** Every string of a JSON value (keys too) made storable. */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => storableJson(item)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableJson(item)])) as T;
  }
  return value;
}
