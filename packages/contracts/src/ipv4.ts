// IPv4 address syntax, without zod: the engine's target parsing uses it on its fast start path.
const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
export const IPV4_PATTERN = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);

/** True for a dotted-quad IPv4 address with octets 0-255. */
export function isIPv4(value: string): boolean {
  return IPV4_PATTERN.test(value);
}
