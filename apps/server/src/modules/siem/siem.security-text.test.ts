import { describe, expect, it } from 'vitest';
import { securityMessage } from './siem.security-text.ts';

const signIn = (outcome: string, more: Record<string, unknown> = {}) =>
  securityMessage({
    eventType: 'auth_attempt',
    description: `Sign-in failed: ${outcome}`,
    metadata: { outcome, ...more },
    email: 'alice@example.com',
    ip: '203.0.113.5',
  });

describe('securityMessage', () => {
  it('says who signed in from where, not the outcome code', () => {
    expect(signIn('success')).toBe('alice@example.com signed in from 203.0.113.5');
    expect(signIn('invalid_password')).toBe(
      'Wrong password for alice@example.com from 203.0.113.5',
    );
    expect(signIn('unknown_email')).toBe(
      'Sign-in attempt from 203.0.113.5 for alice@example.com: no account has this e-mail',
    );
    expect(signIn('locked_now')).toMatch(/^Wrong password for alice@example\.com .*locked out$/);
    expect(signIn('mfa_failed')).toBe(
      'Wrong second-factor code for alice@example.com from 203.0.113.5',
    );
  });

  it('tells re-authentication and SSO apart from a password sign-in', () => {
    expect(signIn('invalid_password', { reauthentication: true })).toBe(
      'Wrong password for alice@example.com on re-authentication from 203.0.113.5',
    );
    expect(signIn('success', { method: 'sso', protocol: 'saml' })).toBe(
      'alice@example.com signed in with SSO (SAML) from 203.0.113.5',
    );
    expect(signIn('sso_refused', { method: 'sso', protocol: 'oidc', reason: 'bad_state' })).toBe(
      'SSO sign-in (OIDC) of alice@example.com from 203.0.113.5 refused: bad_state',
    );
  });

  it('leaves out what is not known, and keeps the description of anything else', () => {
    expect(
      securityMessage({
        eventType: 'auth_attempt',
        description: 'Sign-in failed: invalid_password',
        metadata: { outcome: 'invalid_password' },
      }),
    ).toBe('Wrong password for an unknown user');
    const other = { description: 'Role changed', metadata: { outcome: 'success' } };
    expect(securityMessage({ ...other, eventType: 'privilege_escalation' })).toBe('Role changed');
    expect(
      securityMessage({
        ...other,
        eventType: 'auth_attempt',
        metadata: { outcome: 'api_key_use' },
      }),
    ).toBe('Role changed');
  });
});
