import { describe, expect, it } from 'vitest';
import { hostGroupSize } from './port-engine.ts';

describe('hostGroupSize', () => {
  it('keeps 256 hosts per group for top1000 and more ports', () => {
    expect(hostGroupSize(1000)).toBe(262);
    expect(hostGroupSize(65535)).toBe(256);
  });

  it('takes more hosts at once when each has few ports, up to 4096', () => {
    expect(hostGroupSize(100)).toBe(2621);
    expect(hostGroupSize(3)).toBe(4096);
    expect(hostGroupSize(0)).toBe(4096);
  });
});
