/** A gateway id as a key of the GATEWAYS bucket (KV keys allow letters, digits and `-/_=.`). */
export function gatewayBucketKey(gatewayId: string): string {
  return gatewayId.replace(/[^A-Za-z0-9_=.-]/g, '_');
}

/**
 * The id one start of a gateway copy holds its panels under: the copy's name (GATEWAY_ID) and a
 * suffix of that start. A copy restarted in place keeps its name (a pod's, its pid 1), and with it
 * would renew the sign of life its dead predecessor's panels point to: a panel that never came back
 * would then stay shown connected, and never be alerted offline.
 */
export function gatewayStartId(copyName: string, start: string): string {
  return `${copyName}.${start}`;
}

/** The copy's name in a gatewayStartId; an id with no start suffix is its own name. */
export function gatewayCopyName(gatewayId: string): string {
  const start = gatewayId.lastIndexOf('.');
  return start < 0 ? gatewayId : gatewayId.slice(0, start);
}
