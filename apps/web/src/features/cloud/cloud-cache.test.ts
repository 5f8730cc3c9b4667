import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyCloudScanToCache, upsertCloudScan } from '@/features/cloud/cloud-cache';
import { cloudKeys } from '@/features/cloud/cloud-keys';
import { cloudScan } from '@/features/cloud/cloud-test-data';

const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('upsertCloudScan', () => {
  const older = cloudScan({ id: uuid(1), createdAt: '2026-11-26T10:00:00.000Z' });
  it('replaces the scan with the same id in place', () => {
    const running = cloudScan({ id: uuid(1), status: 'running' });
    expect(upsertCloudScan([older], running)).toEqual([running]);
  });
  it('adds a new scan newest first', () => {
    const newer = cloudScan({ id: uuid(2), createdAt: '2026-11-26T11:00:00.000Z' });
    expect(upsertCloudScan([older], newer).map((s) => s.id)).toEqual([uuid(2), uuid(1)]);
  });
});

describe('applyCloudScanToCache', () => {
  it('writes progress into the list and re-reads the connections once the scan has ended', async () => {
    const client = new QueryClient();
    client.setQueryData(cloudKeys.scans(), { scans: [cloudScan({ status: 'queued' })] });
    client.setQueryData(cloudKeys.connections(), { connections: [] });
    const progress = { done: 3, total: 9, phase: 'ec2' };
    applyCloudScanToCache(client, cloudScan({ status: 'running', progress }));
    expect(client.getQueryData(cloudKeys.scans())).toEqual({
      scans: [cloudScan({ status: 'running', progress })],
    });
    expect(client.getQueryState(cloudKeys.connections())?.isInvalidated).toBe(false);
    applyCloudScanToCache(client, cloudScan({ status: 'failed' }));
    expect(client.getQueryState(cloudKeys.connections())?.isInvalidated).toBe(true);
  });
});
