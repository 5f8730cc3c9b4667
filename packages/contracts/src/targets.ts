import { isIPv4 } from './ipv4.ts';

export const TARGET_MESSAGES = {
  invalidTitle: 'Invalid targets detected',
  invalidDescription:
    'Some targets were invalid and have been skipped. Please use valid IP addresses, hostnames, or CIDR ranges.',
} as const;

export type TTargetKind = 'ipv4' | 'hostname' | 'cidr' | 'range';

const HOSTNAME_LABEL = /^[A-Za-z0-9-]{1,63}$/;

/** True for a hostname made of dot-separated labels of letters, digits and hyphens (each 1-63 chars). */
export function isHostname(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  const labels = value.split('.');
  if (!labels.every((label) => HOSTNAME_LABEL.test(label))) return false;
  // Address-shaped strings that failed the IPv4 or range checks (300.1.1.1, 192.0.2.50-1)
  // are mistakes, not hostnames.
  return !(/^[\d.-]+$/.test(value) && labels.length > 1);
}

/** True for an IPv4 CIDR block with prefix 0-32, e.g. 192.0.2.0/24. */
export function isCidr(value: string): boolean {
  const [ip, prefix, extra] = value.split('/');
  if (extra !== undefined || ip === undefined || prefix === undefined) return false;
  if (!/^\d{1,2}$/.test(prefix)) return false;
  return isIPv4(ip) && Number(prefix) <= 32;
}

/** True for a last-octet range such as 192.0.2.1-50 (start <= end <= 255). */
export function isLastOctetRange(value: string): boolean {
  const match = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.(\d{1,3})-(\d{1,3})$/.exec(value);
  if (!match) return false;
  const [, prefix, start, end] = match;
  if (!isIPv4(`${prefix}.${start}`) || !isIPv4(`${prefix}.${end}`)) return false;
  return Number(start) <= Number(end);
}

/** Classifies one target entry, or returns null when it is not valid. */
export function classifyTarget(entry: string): TTargetKind | null {
  if (isIPv4(entry)) return 'ipv4';
  if (isCidr(entry)) return 'cidr';
  if (isLastOctetRange(entry)) return 'range';
  if (isHostname(entry)) return 'hostname';
  return null;
}

export type TParsedTargets = { valid: string[]; invalid: string[] };

/**
 * Parses target input: split on commas, trim, drop empties, keep valid entries once.
 * @example parseTargets('192.0.2.1, bad_host, 192.0.2.0/24') // { valid: ['192.0.2.1', '192.0.2.0/24'], invalid: ['bad_host'] }
 */
export function parseTargets(input: string, existing: readonly string[] = []): TParsedTargets {
  const seen = new Set(existing);
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const raw of input.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (classifyTarget(entry) === null) {
      invalid.push(entry);
      continue;
    }
    if (seen.has(entry)) continue;
    seen.add(entry);
    valid.push(entry);
  }
  return { valid, invalid };
}
