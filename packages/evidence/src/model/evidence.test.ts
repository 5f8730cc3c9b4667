import { describe, expect, it } from 'vitest';
import { evidenceFixture, NOW } from '../testing/evidence-fixture.ts';
import { contentOf, hashMatches } from './evidence.ts';
import { assessRequirement, evidenceStatus, validateEvidence } from './status.ts';

describe('evidence items', () => {
  it('hash their canonical content, not storage time or review state', () => {
    const item = evidenceFixture();
    expect(item.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashMatches(item)).toBe(true);
    const restored = {
      ...item,
      collectedAt: '2027-01-01T00:00:00Z',
      review: { required: false, reviewedAt: 'x' },
    };
    expect(hashMatches(restored)).toBe(true);
    expect(contentOf(item)).not.toHaveProperty('collectedAt');
  });

  it.each([
    ['observedAt', { observedAt: '2026-11-30T09:00:00Z' }],
    ['metadata', { metadata: { members: 12, withMfa: 11 } }],
    ['outcome', { outcome: 'not_satisfied' as const }],
    ['requirements', { requirements: [{ framework: 'soc2' as const, id: 'CC6.2' }] }],
    [
      'source version',
      { source: { kind: 'collector' as const, id: 'mfa-coverage', version: '1.0.1' } },
    ],
  ])('a change to %s breaks the hash', (_, change) => {
    const item = { ...evidenceFixture(), ...change };
    expect(hashMatches(item)).toBe(false);
    expect(validateEvidence(item, NOW)).toMatchObject({ tampered: true });
  });

  it('are valid, expired at expiresAt, or pending_review until reviewed', () => {
    const item = evidenceFixture();
    expect(evidenceStatus(item, NOW)).toBe('valid');
    expect(evidenceStatus(item, new Date(item.expiresAt))).toBe('expired');
    const upload = evidenceFixture({ review: { required: true } });
    expect(evidenceStatus(upload, NOW)).toBe('pending_review');
    expect(
      evidenceStatus(
        { ...upload, review: { required: true, reviewedAt: '2026-12-01T00:00:00Z' } },
        NOW,
      ),
    ).toBe('valid');
    // Expiry wins over a pending review.
    expect(evidenceStatus(upload, new Date('2027-01-01T00:00:00Z'))).toBe('expired');
  });
});

describe('requirement status', () => {
  const expired = evidenceFixture({ id: 'ev-old', expiresAt: '2026-11-30T09:00:00Z' });

  it('is compliant only with valid satisfied evidence of every expected type', () => {
    const a = assessRequirement([evidenceFixture()], { now: NOW, expectedTypes: ['mfa_coverage'] });
    expect(a).toMatchObject({ status: 'compliant', missing: [], evidence: ['ev-1'] });
  });

  it('is not assessed with no evidence, naming what is missing', () => {
    const a = assessRequirement([], {
      now: NOW,
      expectedTypes: ['mfa_coverage', 'sso_enforcement'],
    });
    expect(a.status).toBe('not_assessed');
    expect(a.missing).toEqual(['mfa_coverage', 'sso_enforcement']);
    expect(a.reason).toContain('no evidence collected');
  });

  it('is not assessed when all its evidence is expired or pending review', () => {
    const pending = evidenceFixture({
      id: 'ev-up',
      type: 'policy_document',
      review: { required: true },
    });
    const a = assessRequirement([expired, pending], { now: NOW });
    expect(a.status).toBe('not_assessed');
    expect(a.reason).toContain('ev-old: expired at 2026-11-30T09:00:00Z');
    expect(a.reason).toContain('ev-up: waiting for a reviewer');
  });

  it('is partially compliant when an expected type is missing, stale or partial', () => {
    const missing = assessRequirement([evidenceFixture()], {
      now: NOW,
      expectedTypes: ['mfa_coverage', 'sso_enforcement'],
    });
    expect(missing).toMatchObject({ status: 'partially_compliant', missing: ['sso_enforcement'] });
    const stale = assessRequirement([evidenceFixture(), { ...expired, type: 'access_review' }], {
      now: NOW,
    });
    expect(stale).toMatchObject({ status: 'partially_compliant', missing: ['access_review'] });
    const partial = assessRequirement([evidenceFixture({ outcome: 'partial' })], { now: NOW });
    expect(partial.status).toBe('partially_compliant');
    expect(partial.reason).toContain('ev-1 is partial');
  });

  it('is never compliant beside a tampered item, even of a covered type', () => {
    const tampered = { ...evidenceFixture({ id: 'ev-2' }), title: 'edited' };
    const a = assessRequirement([evidenceFixture(), tampered], { now: NOW });
    expect(a.status).toBe('partially_compliant');
    expect(a.reason).toContain('ev-2: content does not match its hash');
  });

  it('is non-compliant when valid evidence shows it is not met; not applicable when declared so', () => {
    const failing = evidenceFixture({
      id: 'ev-f',
      outcome: 'not_satisfied',
      title: '3 admins without MFA',
    });
    expect(assessRequirement([evidenceFixture(), failing], { now: NOW })).toMatchObject({
      status: 'non_compliant',
      reason: 'evidence shows it is not met: ev-f (3 admins without MFA)',
    });
    expect(
      assessRequirement([], { now: NOW, notApplicable: { reason: 'no physical offices' } }),
    ).toMatchObject({
      status: 'not_applicable',
      reason: 'no physical offices',
    });
  });
});
