import type { TReportListItem } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { flattenReports } from './api';

const item = (n: number): TReportListItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  report_type: 'trend',
  title: `Report ${n}`,
  summary: null,
  verdicts: [],
  status: 'ready',
  error: null,
  scan_id: null,
  created_at: '2026-11-22T00:00:00.000Z',
});

describe('flattenReports', () => {
  it('joins the pages in order and shows a report pushed onto the next page once', () => {
    const pages = [
      { items: [item(3), item(2)], total: 4 },
      // A new report arrived before page 2 was read: report 2 moved down a place.
      { items: [item(2), item(1)], total: 4 },
    ];
    expect(flattenReports(pages).map((r) => r.title)).toEqual(['Report 3', 'Report 2', 'Report 1']);
  });
});
