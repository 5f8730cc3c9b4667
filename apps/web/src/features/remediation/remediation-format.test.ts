import { describe, expect, it } from 'vitest';
import { formatMinutes, formatSuccessRate } from '@/features/remediation/remediation-format';

describe('formatMinutes', () => {
  it('writes hours and minutes', () => {
    expect(formatMinutes(200)).toBe('3h 20m');
    expect(formatMinutes(45)).toBe('45m');
    expect(formatMinutes(120)).toBe('2h');
    expect(formatMinutes(0)).toBe('0m');
  });
});

describe('formatSuccessRate', () => {
  it('shows a dash before anything finished, else the server rate', () => {
    expect(formatSuccessRate(null)).toBe('—');
    expect(formatSuccessRate(87.5)).toBe('87.5%');
    expect(formatSuccessRate(100)).toBe('100%');
  });
});
