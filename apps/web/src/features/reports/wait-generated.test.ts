import type { TReport } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_POLLS, STILL_GENERATING, waitUntilGenerated } from './wait-generated';

const report = (status: TReport['status'], error: string | null = null): TReport => ({
  id: '00000000-0000-4000-8000-000000000001',
  report_type: 'executive',
  title: 'Executive Security Summary',
  summary: null,
  verdicts: [],
  status,
  error,
  scan_id: null,
  created_at: '2026-11-22T00:00:00.000Z',
  content: null,
});

/** A read that answers the given statuses in turn, counting its calls. */
function reads(...answers: TReport[]) {
  let calls = 0;
  const read = async () => answers[Math.min(calls++, answers.length - 1)] as TReport;
  return { read, calls: () => calls };
}

describe('waitUntilGenerated', () => {
  it('reads until the job has made the report ready', async () => {
    const r = reads(report('generating'), report('generating'), report('ready'));
    await expect(waitUntilGenerated(r.read, 0)).resolves.toMatchObject({ status: 'ready' });
    expect(r.calls()).toBe(3);
  });

  it("rejects with the report's error when generation failed", async () => {
    const r = reads(report('generating'), report('failed', 'No data available'));
    await expect(waitUntilGenerated(r.read, 0)).rejects.toThrow('No data available');
  });

  it('gives up after a bounded number of reads', async () => {
    const r = reads(report('generating'));
    await expect(waitUntilGenerated(r.read, 0)).rejects.toThrow(STILL_GENERATING);
    expect(r.calls()).toBe(MAX_POLLS);
  });
});
