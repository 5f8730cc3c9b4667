import { ZScanExportQuery, ZScanListQuery } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_HISTORY_FILTERS,
  historyApiQuery,
  historyFromParams,
  historyToParams,
  isHistoryFiltered,
  pageRange,
} from '@/features/scans/history-filters';
import { rerunBody } from '@/features/scans/rerun';

describe('history filters in the URL', () => {
  it('round-trips every filter and counts pages from 1', () => {
    const filters = {
      status: 'failed' as const,
      scan_type: 'port' as const,
      q: 'lab',
      from: '2026-11-01',
      to: '2026-11-20',
      page: 2,
    };
    const params = historyToParams(filters);
    expect(params.toString()).toBe(
      'q=lab&status=failed&type=port&from=2026-11-01&to=2026-11-20&page=3',
    );
    expect(historyFromParams(params)).toEqual(filters);
    expect(historyToParams(EMPTY_HISTORY_FILTERS).toString()).toBe('');
  });

  it('falls back to no filter for values the API would refuse', () => {
    const params = new URLSearchParams('status=done&type=quick&from=yesterday&page=-4');
    expect(historyFromParams(params)).toEqual(EMPTY_HISTORY_FILTERS);
    expect(isHistoryFiltered(EMPTY_HISTORY_FILTERS)).toBe(false);
    expect(isHistoryFiltered({ ...EMPTY_HISTORY_FILTERS, to: '2026-11-20' })).toBe(true);
  });
});

describe('historyApiQuery', () => {
  it('turns local days into the instants that bound them, which the API accepts', () => {
    const filters = { ...EMPTY_HISTORY_FILTERS, from: '2026-11-20', to: '2026-11-20', q: ' x ' };
    const query = new URLSearchParams(historyApiQuery(filters, { limit: 20, offset: 40 }));
    expect(query.get('from')).toBe(new Date(2026, 10, 20).toISOString());
    expect(query.get('to')).toBe(new Date(2026, 10, 21).toISOString());
    expect(query.get('q')).toBe('x');
    const parsed = ZScanListQuery.parse(Object.fromEntries(query));
    expect(parsed).toMatchObject({ limit: 20, offset: 40, q: 'x' });
    expect(parsed.to!.getTime() - parsed.from!.getTime()).toBe(
      new Date(2026, 10, 21).getTime() - new Date(2026, 10, 20).getTime(),
    );
  });

  it('names the API’s scan_type and the export format', () => {
    const filters = { ...EMPTY_HISTORY_FILTERS, scan_type: 'vulnerability' as const };
    const query = historyApiQuery(filters, { format: 'json' });
    expect(query).toBe('scan_type=vulnerability&format=json');
    expect(ZScanExportQuery.parse(Object.fromEntries(new URLSearchParams(query)))).toMatchObject({
      scan_type: 'vulnerability',
      format: 'json',
    });
  });

  it('says which rows a page shows', () => {
    expect(pageRange(0, 20, 43)).toBe('1–20 of 43');
    expect(pageRange(2, 3, 43)).toBe('41–43 of 43');
    expect(pageRange(0, 0, 0)).toBe('0 scans');
  });
});

describe('rerunBody', () => {
  const scan = {
    id: '00000000-0000-4000-8000-000000000001',
    scan_name: 'Redis check',
    scan_type: 'vulnerability' as const,
    target_hosts: ['127.0.63.90'],
    status: 'completed' as const,
    progress: 100,
    error: null,
    created_at: '2026-11-20T10:00:00.000Z',
    started_at: null,
    completed_at: null,
  };

  it('repeats the name, type, targets and custom ports', () => {
    expect(rerunBody({ ...scan, ports: '6390,11299' })).toEqual({
      scan_name: 'Redis check',
      scan_type: 'vulnerability',
      target_hosts: ['127.0.63.90'],
      ports: '6390,11299',
    });
    expect(rerunBody({ ...scan, ports: null })).not.toHaveProperty('ports');
  });
});
