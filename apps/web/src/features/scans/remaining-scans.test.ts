import { describe, expect, it } from 'vitest';
import { remainingScans } from '@/features/scans/remaining-scans';

const free = { subscribed: false, tier: 'Free' as const };

describe('remainingScans', () => {
  it('counts down the Free plan’s five scans a month', () => {
    expect(remainingScans(free, 0).text).toBe('5 of 5 scans left this month on the Free plan');
    expect(remainingScans(free, 4)).toEqual({
      text: '1 of 5 scans left this month on the Free plan',
      exhausted: false,
    });
  });

  it('says when none is left (imports count too, so usage may pass the limit)', () => {
    for (const used of [5, 7]) {
      expect(remainingScans(free, used)).toEqual({
        text: 'No scans left this month: the Free plan allows 5 per month.',
        exhausted: true,
      });
    }
  });

  it('says a paid plan is unlimited, whatever the usage', () => {
    expect(remainingScans({ subscribed: true, tier: 'Professional' }, 40)).toEqual({
      text: 'Unlimited scans on the Professional plan',
      exhausted: false,
    });
    expect(remainingScans({ subscribed: true, tier: 'Unknown' }, undefined).text).toBe(
      'Unlimited scans on your plan',
    );
  });

  it('waits for the usage before counting', () => {
    expect(remainingScans(free, undefined).exhausted).toBe(false);
  });
});
