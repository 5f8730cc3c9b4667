import net from 'node:net';
import type { EXPOSURE_LEVELS } from '@netguard/contracts';
import type { Exposure } from './ssvc/tables.ts';

export type ExposureLevel = (typeof EXPOSURE_LEVELS)[number];

/** SSVC System Exposure of each NetGuard exposure level. */
export const SSVC_EXPOSURE_OF: Record<ExposureLevel, Exposure> = {
  external: 'open',
  internal: 'controlled',
  loopback: 'small',
};

const PRIVATE_V4: Array<[number, number]> = [
  [0x0a000000, 8], // 10.0.0.0/8
  [0xac100000, 12], // 172.16.0.0/12
  [0xc0a80000, 16], // 192.168.0.0/16
  [0x64400000, 10], // 100.64.0.0/10 (carrier-grade NAT)
  [0xa9fe0000, 16], // 169.254.0.0/16 (link-local)
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const inV4 = (value: number, [base, bits]: [number, number]) =>
  Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));

/**
 * Where an address sits: loopback (127.0.0.0/8, ::1, localhost), internal (RFC 1918, CGNAT,
 * link-local, IPv6 unique-local and link-local) or external (any other address). Null for a
 * host name: reachability cannot be told from a name.
 */
export function exposureOfAddress(host: string): ExposureLevel | null {
  const h = host.trim().toLowerCase();
  if (h === 'localhost') return 'loopback';
  const family = net.isIP(h);
  if (family === 4) {
    const value = v4ToInt(h);
    if (inV4(value, [0x7f000000, 8])) return 'loopback';
    return PRIVATE_V4.some((range) => inV4(value, range)) ? 'internal' : 'external';
  }
  if (family === 6) {
    if (h === '::1') return 'loopback';
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h)?.[1];
    if (mapped) return exposureOfAddress(mapped);
    return /^f[cd]|^fe[89ab]/.test(h) ? 'internal' : 'external';
  }
  return null;
}
