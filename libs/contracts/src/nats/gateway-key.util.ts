/** A gateway id as a key of the GATEWAYS bucket (KV keys allow letters, digits and `-/_=.`). */
export function gatewayBucketKey(gatewayId: string): string {
  return gatewayId.replace(/[^A-Za-z0-9_=.-]/g, '_');
}
