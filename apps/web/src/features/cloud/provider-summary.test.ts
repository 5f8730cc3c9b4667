import { describe, expect, it } from 'vitest';
import { cloudConnection } from '@/features/cloud/cloud-test-data';
import { hasConnectedProvider, summarizeProvider } from '@/features/cloud/provider-summary';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('summarizeProvider', () => {
  it('is disconnected with no connection of the provider', () => {
    const summary = summarizeProvider('gcp', [cloudConnection()]);
    expect(summary).toMatchObject({
      status: 'disconnected',
      connections: [],
      lastScan: null,
      findings: 0,
    });
  });

  it('adds up several connections: connected if any is, newest last scan, summed findings', () => {
    const summary = summarizeProvider('aws', [
      cloudConnection({
        id: id(1),
        status: 'error',
        lastScan: '2026-11-25T00:00:00Z',
        vulnerabilities: 2,
      }),
      cloudConnection({
        id: id(2),
        status: 'connected',
        lastScan: '2026-11-26T00:00:00Z',
        vulnerabilities: 3,
      }),
      cloudConnection({ id: id(3), provider: 'azure', vulnerabilities: 7 }),
    ]);
    expect(summary.status).toBe('connected');
    expect(summary.connections.map((c) => c.id)).toEqual([id(1), id(2)]);
    expect(summary.lastScan).toBe('2026-11-26T00:00:00Z');
    expect(summary.findings).toBe(5);
  });

  it('is error when no connection is connected and one failed', () => {
    const summary = summarizeProvider('aws', [
      cloudConnection({ id: id(1), status: 'disconnected' }),
      cloudConnection({ id: id(2), status: 'error' }),
    ]);
    expect(summary.status).toBe('error');
  });
});

describe('hasConnectedProvider', () => {
  it('allows a scan only with a connected connection', () => {
    expect(hasConnectedProvider([])).toBe(false);
    expect(hasConnectedProvider([cloudConnection({ status: 'error' })])).toBe(false);
    expect(hasConnectedProvider([cloudConnection()])).toBe(true);
  });
});
