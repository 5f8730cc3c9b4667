import { describe, expect, it } from 'vitest';
import { describeEstimate } from './scan-estimate';

const estimate = (low: number | null, high: number | null, measured: number) => ({
  probes: 100,
  low_seconds: low,
  high_seconds: high,
  measured_scans: measured,
});

describe('describeEstimate', () => {
  it('gives the measured range in seconds below a minute, labelled as an estimate', () => {
    expect(describeEstimate(estimate(1.1, 2.2, 3))).toEqual({
      duration: '1.1 s – 2.2 s',
      basis: 'Estimate from 3 recent scans',
    });
    expect(describeEstimate(estimate(1.1, 1.1, 1))).toEqual({
      duration: '~1.1 s',
      basis: 'Estimate from 1 recent scan',
    });
  });

  it('shows no duration while no scan of the type was measured', () => {
    expect(describeEstimate(estimate(null, null, 0))).toEqual({
      duration: 'Not estimated',
      basis: 'No scans measured yet',
    });
  });
});
