import type { TMfaSettings } from '@netguard/contracts';

/** What the MFA card shows. */
export type TCardPhase = 'off' | 'choosing' | 'verifying' | 'codes' | 'enabled' | 'disabling';

/** What the card is doing locally, beside the server's settings. */
export type TCardLocal = {
  choosing: boolean;
  disabling: boolean;
  /** A setup this page started (its QR image or sent-to note is only known here). */
  setupStarted: boolean;
  /** Backup codes just issued: shown until the user is done with them. */
  showingCodes: boolean;
};

export function cardPhase(settings: TMfaSettings, local: TCardLocal): TCardPhase {
  if (local.showingCodes) return 'codes';
  if (settings.mfa_enabled) return local.disabling ? 'disabling' : 'enabled';
  if (local.setupStarted || settings.pending_method) return 'verifying';
  return local.choosing ? 'choosing' : 'off';
}

/** The switch reads on while MFA is on or being set up, and off while turning it off. */
export function switchChecked(phase: TCardPhase): boolean {
  return phase !== 'off' && phase !== 'disabling';
}

/** What flipping the switch asks for in each phase. */
export type TSwitchIntent =
  | 'choose'
  | 'stop-choosing'
  | 'cancel-setup'
  | 'disable'
  | 'stop-disabling'
  | 'none';

export function switchIntent(phase: TCardPhase, checked: boolean): TSwitchIntent {
  if (checked) {
    if (phase === 'off') return 'choose';
    return phase === 'disabling' ? 'stop-disabling' : 'none';
  }
  switch (phase) {
    case 'choosing':
      return 'stop-choosing';
    case 'verifying':
      return 'cancel-setup';
    case 'enabled':
    case 'codes':
      return 'disable';
    default:
      return 'none';
  }
}
