/** Key of a panel network's entry in the PANEL_RUNTIME bucket (KV keys may not hold ':'). */
export function runtimeBucketKey(hwaddr: string, networkId: number): string {
  return `${hwaddr}.${networkId}`;
}
