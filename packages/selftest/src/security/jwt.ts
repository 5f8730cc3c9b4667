// Forging variants of a JWT the deployment issued, as an attacker holding one would: the header
// swapped to alg none, one signature byte flipped, the expiry moved back with the old signature.
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

export function decodeJwt(
  token: string,
): { header: Record<string, unknown>; payload: Record<string, unknown>; signature: string } | null {
  const [h, p, s] = token.split('.');
  if (!h || !p || s === undefined) return null;
  try {
    return { header: decode(h), payload: decode(p), signature: s };
  } catch {
    return null;
  }
}

/** The same claims under {"alg":"none"} and no signature. */
export function withAlgNone(token: string): string {
  const jwt = decodeJwt(token);
  if (!jwt) throw new Error('not a JWT');
  return `${encode({ ...jwt.header, alg: 'none' })}.${encode(jwt.payload)}.`;
}

/** The token with the first signature byte changed. */
export function withFlippedSignature(token: string): string {
  const [h, p, s = ''] = token.split('.');
  const bytes = Buffer.from(s, 'base64url');
  if (bytes.length === 0) throw new Error('the token has no signature');
  bytes[0] = (bytes[0] as number) ^ 0x01;
  return `${h}.${p}.${bytes.toString('base64url')}`;
}

/** The claims with exp an hour ago and iat before it, the original signature kept. */
export function withPastExpiry(token: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const jwt = decodeJwt(token);
  if (!jwt) throw new Error('not a JWT');
  const [h, , s] = token.split('.');
  return `${h}.${encode({ ...jwt.payload, iat: nowSeconds - 7200, exp: nowSeconds - 3600 })}.${s}`;
}
