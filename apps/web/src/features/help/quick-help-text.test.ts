import { describe, expect, it } from 'vitest';
import { formatSeconds, measuredScanTimes } from './quick-help-text';

const none = { completed: 0, median_seconds: null, fastest_seconds: null, slowest_seconds: null };

describe('measuredScanTimes', () => {
  it("states what this organization's completed scans took, per scan type", () => {
    expect(
      measuredScanTimes([
        {
          scan_type: 'network',
          completed: 3,
          median_seconds: 42,
          fastest_seconds: 12,
          slowest_seconds: 150,
        },
        { scan_type: 'port', ...none },
        {
          scan_type: 'comprehensive',
          completed: 1,
          median_seconds: 4500,
          fastest_seconds: 4500,
          slowest_seconds: 4500,
        },
      ]),
    ).toEqual([
      'Network Discovery: median 42 s over 3 completed scans, fastest 12 s, slowest 2.5 min',
      'Full Security Audit: 1 h 15 min (1 completed scan)',
    ]);
    expect(measuredScanTimes([{ scan_type: 'vulnerability', ...none }])).toEqual([]);
  });

  it('formats seconds, minutes and hours', () => {
    expect([0, 59, 60, 599, 1260, 3600, 3660].map(formatSeconds)).toEqual([
      'under 1 s',
      '59 s',
      '1 min',
      '10 min',
      '21 min',
      '1 h',
      '1 h 1 min',
    ]);
  });
});
