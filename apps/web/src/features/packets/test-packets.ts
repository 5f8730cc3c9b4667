import type { TPacket } from '@netguard/contracts';

/** A dissected-looking packet for unit tests; only what a test names differs from the default. */
export function testPacket(overrides: Partial<TPacket> = {}): TPacket {
  return {
    id: 1,
    time: 1_700_000_000,
    timestamp: new Date(1_700_000_000_000).toISOString(),
    source: '127.0.0.1',
    destination: '127.0.0.2',
    protocol: 'TCP',
    length: 60,
    info: '40000 → 80 [SYN]',
    payload: '00',
    flags: ['SYN'],
    type: 'outgoing',
    layers: [],
    link_type: 1,
    captured_length: 1,
    ...overrides,
  };
}
