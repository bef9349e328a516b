/**
 * Whether a raw JSON text (UTF-8 bytes) nests objects and arrays deeper than `maxDepth`, found in
 * one pass over the bytes before the text is parsed: brackets inside strings do not count. A body
 * of a hundred thousand '[' is refused without building anything. Multi-byte UTF-8 sequences hold
 * no byte below 0x80, so they cannot be mistaken for the ASCII characters looked at here.
 */
export function jsonNestsDeeperThan(bytes: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === 0x5c)
        index++; // backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (byte === 0x7d || byte === 0x5d) {
      depth--;
    }
  }
  return false;
}
