/** Signed-looking tokens for web tests: only the middle section matters to the client. */
export function tokenWith(payload: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
