import { PACKET_SIMULATOR, ZPacket } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { nextSimulatedDelay, simulatedRate, simulatePacket } from '@/features/packets/simulator';

/** Always the same value: the lowest (0) or the highest (just under 1) a random source gives. */
const constant = (value: number) => () => value;
const HIGHEST = 1 - Number.EPSILON;

describe('the Demo simulator', () => {
  it('keeps every figure inside the spec bounds at both ends of the random range', () => {
    for (const random of [constant(0), constant(HIGHEST)]) {
      const packet = simulatePacket(1, 1_700_000_000, random);
      expect(packet.length).toBeGreaterThanOrEqual(PACKET_SIMULATOR.minLength);
      expect(packet.length).toBeLessThanOrEqual(PACKET_SIMULATOR.maxLength);
      expect(PACKET_SIMULATOR.protocols).toContain(packet.protocol);
      expect(nextSimulatedDelay(random)).toBeGreaterThanOrEqual(1000);
      expect(nextSimulatedDelay(random)).toBeLessThanOrEqual(3000);
      expect(simulatedRate(random)).toBeGreaterThanOrEqual(10);
      expect(simulatedRate(random)).toBeLessThanOrEqual(59);
    }
    expect(simulatePacket(1, 0, constant(0)).length).toBe(64);
    expect(simulatePacket(1, 0, constant(HIGHEST)).length).toBe(1563);
    expect(simulatedRate(constant(HIGHEST))).toBe(59);
    expect(nextSimulatedDelay(constant(HIGHEST))).toBe(3000);
  });

  it('draws all eight protocols and valid Packet entities over many packets', () => {
    const seen = new Set<string>();
    for (let id = 1; id <= 2000; id += 1) {
      const packet = simulatePacket(id, 1_700_000_000 + id);
      expect(ZPacket.safeParse(packet).success).toBe(true);
      seen.add(packet.protocol);
    }
    expect([...seen].sort()).toEqual([...PACKET_SIMULATOR.protocols].sort());
  });

  it('gives TCP flags only to TCP-based protocols', () => {
    for (let id = 1; id <= 500; id += 1) {
      const packet = simulatePacket(id, 0);
      const tcp = ['HTTP', 'HTTPS', 'SSH', 'FTP', 'TCP'].includes(packet.protocol);
      expect(packet.flags.length > 0).toBe(tcp);
    }
  });
});
