import type { TScanVulnerability } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { findingLocation, sortFindings } from '@/features/scans/detail-view';

function finding(title: string, severity: TScanVulnerability['severity'], risk: number) {
  return { title, severity, risk_score: risk } as TScanVulnerability;
}

describe('sortFindings', () => {
  it('puts the most severe first, then the highest risk', () => {
    const sorted = sortFindings([
      finding('low one', 'low', 90),
      finding('high a', 'high', 40),
      finding('critical', 'critical', 10),
      finding('high b', 'high', 70),
    ]);
    expect(sorted.map((item) => item.title)).toEqual(['critical', 'high b', 'high a', 'low one']);
  });
});

describe('findingLocation', () => {
  it('shows host:port (service), or just the host', () => {
    expect(findingLocation({ host: '127.0.0.1', port: 8080, service: 'http' })).toBe(
      '127.0.0.1:8080 (http)',
    );
    expect(findingLocation({ host: '127.0.0.1', port: null, service: null })).toBe('127.0.0.1');
  });
});
