// RFC 8785 JSON Canonicalization Scheme (JCS): object keys sorted by their UTF-16 code units,
// numbers in ECMAScript's shortest round-trip form, strings escaped as JSON.stringify does, no
// white space. The same value always gives the same bytes, so its hash can be signed and checked.

/** A JSON value as JCS accepts it (I-JSON: finite numbers, well-formed strings). */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

export class CanonicalizationError extends Error {
  override name = 'CanonicalizationError';
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function serializeString(s: string, at: string): string {
  if (LONE_SURROGATE.test(s))
    throw new CanonicalizationError(`${at}: string with a lone surrogate`);
  return JSON.stringify(s);
}

function serialize(value: unknown, at: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalizationError(`${at}: ${value} is not JSON`);
      // ECMAScript's Number serialization is the one RFC 8785 section 3.2.2.3 prescribes (-0 is 0).
      return JSON.stringify(value);
    case 'string':
      return serializeString(value, at);
    case 'object':
      if (Array.isArray(value))
        return `[${value.map((v, i) => serialize(v, `${at}[${i}]`)).join(',')}]`;
      if (
        Object.getPrototypeOf(value) !== Object.prototype &&
        Object.getPrototypeOf(value) !== null
      )
        throw new CanonicalizationError(`${at}: only plain objects are JSON`);
      return serializeObject(value as Record<string, unknown>, at);
    default:
      throw new CanonicalizationError(`${at}: a ${typeof value} is not JSON`);
  }
}

function serializeObject(object: Record<string, unknown>, at: string): string {
  // Array.prototype.sort compares strings by UTF-16 code units, as RFC 8785 section 3.2.3 asks.
  const keys = Object.keys(object)
    .filter((k) => object[k] !== undefined)
    .sort();
  const members = keys.map(
    (k) => `${serializeString(k, at)}:${serialize(object[k], `${at}.${k}`)}`,
  );
  return `{${members.join(',')}}`;
}

/**
 * The RFC 8785 canonical JSON text of `value`. Properties whose value is `undefined` are left
 * out (as JSON.stringify does); NaN, Infinity, lone surrogates and non-plain objects throw.
 * @example canonicalize({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalize(value: unknown): string {
  return serialize(value, '$');
}

/** The UTF-8 bytes of the canonical JSON text. */
export function canonicalBytes(value: unknown): Buffer {
  return Buffer.from(canonicalize(value), 'utf8');
}
