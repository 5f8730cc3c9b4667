import { describe, expect, it } from 'vitest';
import {
  describeRun,
  formatEvidenceType,
  formatFrameworks,
  formatScore,
  isRunActive,
  needsReview,
} from '@/features/compliance-evidence/evidence-format';
import { evidenceItem, evidenceRun } from '@/features/compliance-evidence/evidence-test-data';

describe('compliance evidence formatting', () => {
  it('never shows an unassessed score as a number', () => {
    expect(formatScore(null)).toBe('—');
    expect(formatScore(0)).toBe('0%');
    expect(formatScore(66.6)).toBe('67%');
  });

  it('names types and frameworks in words', () => {
    expect(formatEvidenceType('scan_coverage')).toBe('Scan coverage');
    expect(formatEvidenceType('siem_delivery')).toBe('SIEM delivery');
    expect(formatEvidenceType('mfa')).toBe('MFA');
    expect(formatFrameworks(evidenceItem())).toBe('SOC 2, ISO 27001');
    expect(formatFrameworks(evidenceItem({ frameworks: [] }))).toBe('—');
  });

  it('says what a run is doing from its stored state', () => {
    expect(describeRun(evidenceRun())).toBe('SOC 2: 24 items collected, signed in digest #3');
    expect(describeRun(evidenceRun({ status: 'queued', itemCount: 0 }))).toBe('SOC 2: queued');
    expect(describeRun(evidenceRun({ status: 'running' }))).toBe('SOC 2: collecting…');
    expect(describeRun(evidenceRun({ status: 'failed', error: 'boom', frameworkId: null }))).toBe(
      'All frameworks: failed (boom)',
    );
    expect(
      describeRun(evidenceRun({ itemCount: 1, digestNumber: null, requirementId: 'CC6.1' })),
    ).toBe('SOC 2 CC6.1: 1 item collected');
    expect(isRunActive(evidenceRun({ status: 'running' }))).toBe(true);
    expect(isRunActive(evidenceRun())).toBe(false);
  });

  it('asks for review only of uploads not yet reviewed', () => {
    const upload = evidenceItem({
      status: 'pending_review',
      source: { kind: 'upload', id: null, version: null },
    });
    expect(needsReview(upload)).toBe(true);
    expect(needsReview({ ...upload, reviewedAt: '2026-12-01T00:00:00Z' })).toBe(false);
    expect(needsReview(evidenceItem())).toBe(false);
  });
});
