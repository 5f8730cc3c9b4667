import type { TVulnerabilityEvent } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { historyEntry, historySource } from './history-text';

const event = (kind: string, details: unknown, summary = 'Changed.'): TVulnerabilityEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind,
  summary,
  details,
  created_at: '2026-11-20T08:30:00.000Z',
});

// The details below are the shapes feeds.reevaluate.ts and risk.assess.ts write.
describe('vulnerability history entries', () => {
  it('shows a KEV listing as a priority change from the KEV catalog', () => {
    const summary =
      'Listed in CISA KEV on 2024-07-10 (CISA due date 2024-07-31): risk 81 → 100, priority immediate (was urgent).';
    const details = {
      feed_import_id: 'x',
      cve_id: 'CVE-2024-6387',
      kev: { date_added: '2024-07-10', due_date: '2024-07-31' },
      risk: { before: 81, after: 100 },
      priority: { before: 'urgent', after: 'immediate' },
    };
    expect(historyEntry(event('priority_changed', details, summary))).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      at: '2026-11-20T08:30:00.000Z',
      when: formatDateTime('2026-11-20T08:30:00.000Z'),
      change: 'Priority changed',
      summary,
      source: 'CISA KEV catalog (feed import)',
    });
  });

  it('names the distribution whose fix made it not affected or confirmed it', () => {
    const details = {
      fix: { distro: 'debian', release: '12', package: 'openssh', fixed: '1:9.2p1-2+deb12u3' },
      seen: { label: 'Debian 12', version: '1:9.2p1-2+deb12u10' },
    };
    expect(historyEntry(event('status_changed', details))).toMatchObject({
      change: 'Status changed',
      source: 'Debian 12 package fix (feed import)',
    });
    expect(historyEntry(event('confidence_changed', details)).change).toBe('Confidence changed');
    expect(historySource({ fix: {}, seen: null })).toBe('Distribution package fix (feed import)');
  });

  it('attributes assessment changes to the risk assessment and tolerates unknown details', () => {
    expect(historySource({ riskScore: 97, previousRiskScore: 81 })).toBe('Risk assessment');
    expect(historyEntry(event('assessed', { riskScore: 81 })).change).toBe('Assessed');
    expect(historyEntry(event('owner_changed', null))).toMatchObject({
      change: 'Owner changed',
      source: 'NetGuard',
    });
    expect(historySource('text')).toBe('NetGuard');
  });
});
