import { topPorts } from '@netguard/engine';
import { describe, expect, it } from 'vitest';
import { planChunks } from './scans.chunks.ts';

const open = { allow: [], deny: [] };

describe('planChunks', () => {
  it('splits a small scan finely so several workers share it', () => {
    const plan = planChunks(['127.0.0.1-8'], topPorts(1000), open);
    expect(plan.chunks.map((c) => c.spec.targets)).toEqual([
      ['127.0.0.1'],
      ['127.0.0.2/31'],
      ['127.0.0.4/31'],
      ['127.0.0.6/31'],
      ['127.0.0.8'],
    ]);
    expect(plan.chunks.reduce((sum, c) => sum + c.weight, 0)).toBe(8 * 1000);
  });

  it('splits all 65535 ports into port blocks and keeps hostnames in their own chunks', () => {
    const plan = planChunks(['127.0.0.1', 'db.internal'], topPorts(65535), open);
    expect(plan.chunks).toHaveLength(32);
    const ports = plan.chunks
      .filter((c) => c.spec.targets[0] === '127.0.0.1')
      .flatMap((c) => c.spec.ports);
    expect(new Set(ports).size).toBe(65535);
  });

  it('gives the UDP probes of each address group to exactly one chunk', () => {
    const plan = planChunks(['127.0.0.1', 'db.internal'], topPorts(65535), open, true);
    const udpChunks = plan.chunks.filter((c) => c.spec.udp);
    expect(udpChunks.map((c) => c.spec.targets)).toEqual([['127.0.0.1'], ['db.internal']]);
    expect(planChunks(['127.0.0.1'], topPorts(1000), open).chunks.some((c) => c.spec.udp)).toBe(
      false,
    );
  });

  it('bounds the number of chunks of a huge range', () => {
    const plan = planChunks(['198.0.0.0/8'], topPorts(1000), open);
    expect(plan.chunks.length).toBeLessThanOrEqual(4096);
    expect(plan.chunks.reduce((sum, c) => sum + c.weight, 0)).toBe(2 ** 24 * 1000);
  });

  it('leaves refused targets out and reports why', () => {
    const plan = planChunks(['169.254.169.254', '198.51.100.1'], topPorts(10), {
      allow: [],
      deny: ['198.51.100.0/24'],
    });
    expect(plan.chunks).toEqual([]);
    expect(plan.refused.map((r) => r.target)).toEqual(['169.254.169.254', '198.51.100.1']);
  });
});
