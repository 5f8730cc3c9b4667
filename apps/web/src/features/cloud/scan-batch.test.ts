import { describe, expect, it } from 'vitest';
import { cloudScan } from '@/features/cloud/cloud-test-data';
import { batchToast } from '@/features/cloud/scan-batch';

const counts = (total: number) => ({ critical: 0, high: total, medium: 0, low: 0, info: 0, total });

describe('batchToast', () => {
  it('waits while any scan of the run is queued or running', () => {
    expect(
      batchToast([cloudScan({ status: 'passed' }), cloudScan({ status: 'running' })]),
    ).toBeNull();
    expect(batchToast([])).toBeNull();
  });

  it('is "Multi-Cloud Scan Complete" with results, findings, partial and failed connections', () => {
    const toast = batchToast([
      cloudScan({ status: 'failed', counts: counts(2) }),
      cloudScan({ status: 'partial', counts: counts(1) }),
      cloudScan({ status: 'error', error: 'AccessDenied' }),
    ]);
    expect(toast).toEqual({
      kind: 'success',
      title: 'Multi-Cloud Scan Complete',
      description:
        '2 results, 3 findings; 1 partial (not every check could run); 1 connection failed',
    });
  });

  it('is "Scan Failed" with the spec\'s message and the reasons when no scan produced a result', () => {
    const toast = batchToast([
      cloudScan({ status: 'error', error: 'ExpiredToken' }),
      cloudScan({ status: 'cancelled' }),
    ]);
    expect(toast).toEqual({
      kind: 'error',
      title: 'Scan Failed',
      description: 'Failed to complete multi-cloud scan: ExpiredToken',
    });
  });

  it('says nothing when every scan was cancelled', () => {
    expect(batchToast([cloudScan({ status: 'cancelled' })])).toBeNull();
  });
});
