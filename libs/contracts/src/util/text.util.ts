/** 'fire' → 'Fire'; used for toast titles of event categories. */
export function capitalise(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
