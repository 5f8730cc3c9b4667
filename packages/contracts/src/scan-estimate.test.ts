import { describe, expect, it } from 'vitest';
import { estimateBasis, formatDuration } from './scan-estimate.ts';

describe('formatDuration', () => {
  it('says seconds below a minute, minutes below an hour, then hours', () => {
    expect(formatDuration(0.04)).toBe('<0.1 s');
    expect(formatDuration(1.1)).toBe('1.1 s');
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(59.7)).toBe('1 min');
    expect(formatDuration(400)).toBe('6.7 min');
    expect(formatDuration(754)).toBe('13 min');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(5400)).toBe('1.5 h');
  });
});

describe('estimateBasis', () => {
  it('names how many measured scans the estimate comes from', () => {
    expect(estimateBasis(0)).toBe('no scans measured yet');
    expect(estimateBasis(1)).toBe('from 1 recent scan');
    expect(estimateBasis(5)).toBe('from 5 recent scans');
  });
});
