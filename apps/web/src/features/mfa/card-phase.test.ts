import type { TMfaSettings } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { cardPhase, switchChecked, switchIntent, type TCardLocal } from './card-phase';

const OFF: TMfaSettings = {
  mfa_enabled: false,
  mfa_method: null,
  destination: null,
  backup_codes_remaining: 0,
  pending_method: null,
};
const ON: TMfaSettings = {
  ...OFF,
  mfa_enabled: true,
  mfa_method: 'totp',
  backup_codes_remaining: 10,
};
const IDLE: TCardLocal = {
  choosing: false,
  disabling: false,
  setupStarted: false,
  showingCodes: false,
};

describe('MFA card phase', () => {
  it('follows setup from off to enabled', () => {
    expect(cardPhase(OFF, IDLE)).toBe('off');
    expect(cardPhase(OFF, { ...IDLE, choosing: true })).toBe('choosing');
    expect(cardPhase(OFF, { ...IDLE, choosing: true, setupStarted: true })).toBe('verifying');
    // A setup started in an earlier visit still asks for its code.
    expect(cardPhase({ ...OFF, pending_method: 'email' }, IDLE)).toBe('verifying');
    expect(cardPhase(ON, { ...IDLE, showingCodes: true })).toBe('codes');
    expect(cardPhase(ON, IDLE)).toBe('enabled');
    expect(cardPhase(ON, { ...IDLE, disabling: true })).toBe('disabling');
  });

  it('shows the switch on while MFA is on or being set up', () => {
    expect(switchChecked('off')).toBe(false);
    expect(switchChecked('disabling')).toBe(false);
    for (const phase of ['choosing', 'verifying', 'codes', 'enabled'] as const)
      expect(switchChecked(phase)).toBe(true);
  });

  it('turns a flip of the switch into what the phase needs', () => {
    expect(switchIntent('off', true)).toBe('choose');
    expect(switchIntent('choosing', false)).toBe('stop-choosing');
    expect(switchIntent('verifying', false)).toBe('cancel-setup');
    expect(switchIntent('enabled', false)).toBe('disable');
    expect(switchIntent('codes', false)).toBe('disable');
    expect(switchIntent('disabling', true)).toBe('stop-disabling');
    expect(switchIntent('enabled', true)).toBe('none');
  });
});
