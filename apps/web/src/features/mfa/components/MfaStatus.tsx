import { MFA_LIMITS, MFA_METHOD_LABELS, type TMfaSettings } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';

/** One line on the current state: method and destination, and backup codes left. */
export function MfaStatus({ settings }: { settings: TMfaSettings }) {
  if (!settings.mfa_enabled || !settings.mfa_method)
    return <p className="text-sm text-muted-foreground">Off: your password alone signs you in.</p>;
  const destination = settings.destination ? ` (${settings.destination})` : '';
  return (
    <div className="space-y-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge>Enabled</Badge>
        <span>
          {MFA_METHOD_LABELS[settings.mfa_method]}
          {destination}
        </span>
      </div>
      <p className="text-muted-foreground">
        {settings.backup_codes_remaining} of {MFA_LIMITS.backupCodeCount} backup codes left
      </p>
    </div>
  );
}
