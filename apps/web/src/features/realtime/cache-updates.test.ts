import type { TDashboardHome, TScanDetail, TScanList, TScanListItem } from '@netguard/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { dashboardKeys } from '@/features/dashboard/api';
import { applyScanToCache, upsertScan } from '@/features/realtime/cache-updates';
import { finishedNotice } from '@/features/realtime/notices';
import { riskKeys } from '@/features/risk/api';
import { scanKeys } from '@/features/scans/scan-keys';
import { vulnerabilityKeys } from '@/features/vulnerabilities/vulnerability-keys';

function scan(id: string, created: string, patch: Partial<TScanListItem> = {}): TScanListItem {
  return {
    id,
    scan_name: `Scan ${id}`,
    scan_type: 'network',
    target_hosts: ['127.0.0.1'],
    status: 'running',
    progress: 10,
    error: null,
    created_at: `2026-11-${created}T00:00:00.000Z`,
    started_at: null,
    completed_at: null,
    ...patch,
  };
}

function home(recent: TScanListItem[]): TDashboardHome {
  return {
    recent_scans: recent,
    scans: { total: recent.length, running: 1, completed: 0, failed: 0 },
    vulnerabilities: { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0, mitigated: 0 },
    reports_last_7_days: 0,
    success_rate: null,
    security_overview: { network_coverage: null, mitigation_rate: null, policy_compliance: null },
    compliance: { available: false, frameworks: [], overallScore: null },
  };
}

describe('upsertScan', () => {
  const list = [scan('c', '20'), scan('b', '15'), scan('a', '10')];

  it('replaces a listed scan in place', () => {
    const next = upsertScan(list, scan('b', '15', { progress: 70 }));
    expect(next.map((item) => [item.id, item.progress])).toEqual([
      ['c', 10],
      ['b', 70],
      ['a', 10],
    ]);
  });

  it('adds a new scan newest first and keeps the limit', () => {
    expect(upsertScan(list, scan('d', '21'), 3).map((item) => item.id)).toEqual(['d', 'c', 'b']);
    expect(upsertScan(list, scan('old', '01'), 3).map((item) => item.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('applyScanToCache', () => {
  it('moves progress in place without refetching, and refetches on a status change', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    client.setQueryData(dashboardKeys.home(), home([scan('a', '10')]));
    client.setQueryData<TScanList>(scanKeys.list(20, 0), { items: [scan('a', '10')], total: 1 });
    client.setQueryData(scanKeys.detail('a'), {
      ...scan('a', '10'),
      hosts: [],
      services: [],
      vulnerabilities: [],
    } satisfies TScanDetail);

    applyScanToCache(client, scan('a', '10', { progress: 55 }), 'UPDATE');
    expect(
      client.getQueryData<TDashboardHome>(dashboardKeys.home())?.recent_scans[0]?.progress,
    ).toBe(55);
    expect(client.getQueryData<TScanList>(scanKeys.list(20, 0))?.items[0]?.progress).toBe(55);
    expect(client.getQueryData<TScanDetail>(scanKeys.detail('a'))?.progress).toBe(55);
    expect(invalidate).not.toHaveBeenCalled();

    applyScanToCache(client, scan('a', '10', { status: 'completed', progress: 100 }), 'UPDATE');
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(dashboardKeys.all);
    expect(keys).toContainEqual(scanKeys.detail('a'));
    expect(keys).toContainEqual(vulnerabilityKeys.all);
    expect(keys).toContainEqual(riskKeys.all);
  });

  it('adds an inserted scan to the recent list', () => {
    const client = new QueryClient();
    client.setQueryData(dashboardKeys.home(), home([scan('a', '10')]));
    applyScanToCache(client, scan('new', '22', { status: 'pending', progress: 0 }), 'INSERT');
    expect(
      client.getQueryData<TDashboardHome>(dashboardKeys.home())?.recent_scans.map((s) => s.id),
    ).toEqual(['new', 'a']);
  });
});

describe('finishedNotice', () => {
  it('announces a scan reaching completed or failed once', () => {
    const done = scan('a', '10', { status: 'completed' });
    expect(finishedNotice('running', done)).toEqual({
      id: 'a',
      scanName: 'Scan a',
      status: 'completed',
    });
    expect(finishedNotice(undefined, scan('a', '10', { status: 'failed' }))?.status).toBe('failed');
    expect(finishedNotice('completed', done)).toBeNull();
    expect(finishedNotice('pending', scan('a', '10', { status: 'running' }))).toBeNull();
  });
});
