/** A base32 key in groups of four for reading and typing by hand: 'JBSW Y3DP EHPK 3PXP'. */
export function keyInGroups(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}
