import { describe, expect, it } from 'vitest';
import { planAction } from './plan-action';

describe('planAction', () => {
  it('disables the current plan', () => {
    expect(planAction('Free', 'Free', false)).toEqual({
      label: 'Current Plan',
      kind: 'none',
      disabled: true,
    });
    expect(planAction('Professional', 'Professional', false).disabled).toBe(true);
  });

  it('offers checkouts for other paid plans, disabled while one is processing', () => {
    expect(planAction('Professional', 'Free', false)).toEqual({
      label: 'Upgrade to Professional',
      kind: 'checkout',
      disabled: false,
    });
    expect(planAction('Enterprise', 'Professional', true)).toMatchObject({
      kind: 'checkout',
      disabled: true,
    });
    expect(planAction('Professional', 'Unknown', false).kind).toBe('checkout');
  });

  it('sends subscribers to the portal to move down to Free', () => {
    expect(planAction('Free', 'Professional', false)).toMatchObject({
      label: 'Downgrade',
      kind: 'portal',
    });
  });
});
