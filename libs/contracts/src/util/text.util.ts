/** 'fire' → 'Fire'; used for toast titles of event categories. */
export function capitalise(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Why a text may not travel or be stored as it is, or null when it may. The portal's one text rule,
 * for what browsers send the API and what panels send the gateway alike: no control characters
 * (U+0000–U+001F other than tab and newline, and DEL with the C1 range U+007F–U+009F: PostgreSQL
 * refuses U+0000, the others are invisible and can forge lines in logs, mails and terminals), and no
 * lone UTF-16 surrogate (a JSON `\ud800` escape decodes to one; it has no UTF-8 form, so it cannot
 * be stored, mailed or shown as sent).
 */
export function textContentProblem(text: string): string | null {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 ? code !== 0x09 && code !== 0x0a : code >= 0x7f && code <= 0x9f) {
      return `contains the control character ${codePointName(code)}`;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
      return `contains a lone surrogate (${codePointName(code)})`;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return `contains a lone surrogate (${codePointName(code)})`;
  }
  return null;
}

function codePointName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
