import { describe, expect, it } from 'vitest';
import { fitLabel } from '@/features/topology/label-fit';

describe('fitLabel', () => {
  it('keeps labels that fit', () => {
    expect(fitLabel('Gateway', 100, 11)).toBe('Gateway');
    expect(fitLabel('198.51.100.11', 120, 11)).toBe('198.51.100.11');
  });

  it('keeps the end of an address and the start of a name', () => {
    expect(fitLabel('198.51.100.11', 50, 11)).toBe('…100.11');
    expect(fitLabel('203.0.113.18', 56, 11)).toBe('…113.18');
    expect(fitLabel('files-server-01.example.test', 50, 11)).toBe('files-…');
    expect(fitLabel('files-server-01.example.test', 50, 11)).toHaveLength(7);
  });
});
