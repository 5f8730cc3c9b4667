import { describe, expect, it } from 'vitest';
import { defaultUsername, ZSignUpBody } from './auth.ts';
import { tierFromProductId } from './plans.ts';
import { eventRiskScore } from './security-events.ts';

describe('tierFromProductId', () => {
  const table = { Professional: 'prod_pro', Enterprise: 'prod_ent' };
  it('maps no product to Free, known ids to their tier, others to Unknown', () => {
    expect(tierFromProductId(null, table)).toBe('Free');
    expect(tierFromProductId('prod_pro', table)).toBe('Professional');
    expect(tierFromProductId('prod_ent', table)).toBe('Enterprise');
    expect(tierFromProductId('prod_other', table)).toBe('Unknown');
  });
});

describe('sign-up body', () => {
  it('defaults the username to the part before the @', () => {
    expect(defaultUsername('jane.doe@example.com')).toBe('jane.doe');
  });
  it('allows an empty username and enforces the rule on a given one', () => {
    const base = { email: 'a@example.com', password: 'Str0ng!pass' };
    expect(ZSignUpBody.safeParse({ ...base, username: '' }).success).toBe(true);
    expect(ZSignUpBody.safeParse({ ...base, username: 'x!' }).success).toBe(false);
  });
});

describe('eventRiskScore', () => {
  it('adds severity and event-type weights', () => {
    expect(eventRiskScore('auth_attempt', 'low')).toBe(3);
    expect(eventRiskScore('security_violation', 'critical')).toBe(19);
  });
});
