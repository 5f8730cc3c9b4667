import { describe, expect, it } from 'vitest';
import { formatBytes, formatPacketTime, formatRate } from '@/features/packets/packet-format';

describe('formatBytes', () => {
  it('counts in base 1024 from B up to GB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 + 512)).toBe('10.5 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('stays in GB past 1024 GB rather than inventing a unit', () => {
    expect(formatBytes(2048 * 1024 ** 3)).toBe('2048 GB');
  });
});

describe('formatPacketTime', () => {
  it('shows local clock time with milliseconds', () => {
    const time = new Date(2026, 0, 2, 3, 4, 5, 67).getTime() / 1000;
    expect(formatPacketTime(time)).toBe('03:04:05.067');
  });
});

describe('formatRate', () => {
  it('shows whole rates plainly and averages with one decimal', () => {
    expect(formatRate(42)).toBe('42');
    expect(formatRate(2.345)).toBe('2.3');
    expect(formatRate(0.01)).toBe('<0.1');
    expect(formatRate(0)).toBe('0');
    expect(formatRate(Number.NaN)).toBe('0');
  });
});
