// Failures of a tenant-directed connection, classified: the message names the kind of failure
// and never carries what the destination sent.

export type EgressFailureKind =
  | 'policy'
  | 'not_found'
  | 'refused'
  | 'timeout'
  | 'tls'
  | 'http'
  | 'too_large'
  | 'network';

export class EgressError extends Error {
  override name = 'EgressError';
  constructor(
    readonly kind: EgressFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const TLS_CODE =
  /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_|ERR_OSSL_)/;
const TLS_REASONS: [RegExp, string][] = [
  [/^(CERT_HAS_EXPIRED)$/, 'certificate expired'],
  [/^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)$/, 'self-signed certificate'],
  [/^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT.*)$/, 'certificate not trusted'],
  [/^ERR_TLS_CERT_ALTNAME_INVALID$/, 'certificate does not name the host'],
];

/** The error codes of a failure and of its causes, outermost first. */
function codes(error: unknown): string[] {
  const found: string[] = [];
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string') found.push(e.code);
    e = e.cause as typeof e;
  }
  return found;
}

/**
 * Maps a connection failure to its kind and a fixed message: "refused", "timed out", "TLS failed:
 * <reason>", "host not found", "network error <code>". An EgressError passes through.
 */
export function classifyFailure(error: unknown): EgressError {
  // fetch wraps what its connector threw (TypeError "fetch failed", cause: the EgressError).
  for (let e = error, i = 0; e && i < 5; i++) {
    if (e instanceof EgressError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new EgressError('timeout', 'timed out', { cause: error });
  const all = codes(error);
  const code = all.find((c) => c !== 'UND_ERR_SOCKET') ?? all[0] ?? '';
  if (code === 'ECONNREFUSED') return new EgressError('refused', 'refused', { cause: error });
  if (
    code === 'ETIMEDOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT'
  )
    return new EgressError('timeout', 'timed out', { cause: error });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
    return new EgressError('not_found', 'host not found', { cause: error });
  if (TLS_CODE.test(code)) {
    const reason = TLS_REASONS.find(([pattern]) => pattern.test(code))?.[1] ?? code;
    return new EgressError('tls', `TLS failed: ${reason}`, { cause: error });
  }
  return new EgressError('network', `network error${code ? ` ${code}` : ''}`, { cause: error });
}

/** An HTTP answer that is not a success, named by its status only. */
export const httpFailure = (status: number) =>
  new EgressError('http', `HTTP ${status} from the destination`);

/** An answer longer than the caller reads from a destination, named by the limit only. */
export const tooLarge = (limitBytes: number) =>
  new EgressError('too_large', `answer larger than ${limitBytes} bytes`);
