import { describe, expect, it } from 'vitest';
import { quotaText, scanQuota } from './port-scan-quota';

const free = { subscribed: false, tier: 'Free' };

describe('scanQuota', () => {
  it('counts the Free plan’s scans left this month', () => {
    expect(scanQuota(free, { scans_this_month: 2 })).toEqual({
      kind: 'limited',
      limit: 5,
      remaining: 3,
    });
    expect(scanQuota(free, { scans_this_month: 7 })).toMatchObject({ remaining: 0 });
    expect(scanQuota(free, undefined)).toMatchObject({ remaining: null });
  });

  it('is unlimited on a paid plan', () => {
    const quota = scanQuota({ subscribed: true, tier: 'Enterprise' }, { scans_this_month: 40 });
    expect(quotaText(quota)).toBe('Your Enterprise plan has unlimited scans.');
  });
});

describe('quotaText', () => {
  it('says what this scan uses up', () => {
    expect(quotaText(scanQuota(free, { scans_this_month: 2 }))).toBe(
      "It counts as one of the Free plan's 5 scans per month: 3 of 5 left this month, 2 after this one.",
    );
    expect(quotaText(scanQuota(free, { scans_this_month: 5 }))).toBe(
      'You have used all 5 scans of the Free plan this month, so it would be refused.',
    );
    expect(quotaText(scanQuota(free, undefined))).toBe(
      "It counts as one of the Free plan's 5 scans per month.",
    );
  });
});
