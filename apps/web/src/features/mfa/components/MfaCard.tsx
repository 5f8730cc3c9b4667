import {
  MFA_TEXT,
  type TMfaActionBody,
  type TMfaActionResult,
  type TMfaMethod,
  tierIncludes,
} from '@netguard/contracts';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useManageMfa, useMfaSettings } from '@/features/mfa/api';
import { cardPhase, switchChecked, switchIntent } from '@/features/mfa/card-phase';
import { BackupCodes } from '@/features/mfa/components/BackupCodes';
import { MfaDisableForm } from '@/features/mfa/components/MfaDisableForm';
import { MfaMethodForm } from '@/features/mfa/components/MfaMethodForm';
import { MfaStatus } from '@/features/mfa/components/MfaStatus';
import { MfaVerifyForm, type TStartedSetup } from '@/features/mfa/components/MfaVerifyForm';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { useSubscription } from '@/features/subscription/subscription-context';
import { errorMessage } from '@/lib/api-client';

type TSetup = TStartedSetup & { method: TMfaMethod };

/** The MFA card of the Settings page, shown on plans that include MFA (part-2 §2, §6). */
export function MfaCard() {
  const { tier } = useSubscription();
  return tierIncludes(tier, 'mfa') ? <MfaPanel /> : null;
}

function MfaPanel() {
  const settings = useMfaSettings(true);
  const manage = useManageMfa();
  const [choosing, setChoosing] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [setup, setSetup] = useState<TSetup | null>(null);
  const [codes, setCodes] = useState<string[]>([]);

  useEffect(() => {
    if (settings.error)
      toast.error(MFA_TEXT.loadError, { description: errorMessage(settings.error) });
  }, [settings.error]);

  const run = (body: TMfaActionBody, errorTitle: string, onDone: (r: TMfaActionResult) => void) =>
    manage.mutate(body, {
      onSuccess: onDone,
      onError: (error) => toast.error(errorTitle, { description: errorMessage(error) }),
    });

  const enable = (body: { method: TMfaMethod; phone?: string }) =>
    run({ action: 'enable', ...body }, MFA_TEXT.enableError, (result) => {
      setChoosing(false);
      setSetup({ method: body.method, ...result });
      toast.success(MFA_TEXT.setupInitiated, {
        description: result.sent_to
          ? `We sent a code to ${result.sent_to}.`
          : 'Scan the QR code with your authenticator app.',
      });
    });
  const verify = (method: TMfaMethod, code: string) =>
    run({ action: 'verify', method, verification_code: code }, MFA_TEXT.verifyError, (result) => {
      setSetup(null);
      setCodes(result.backup_codes ?? []);
      toast.success(MFA_TEXT.enabled);
    });
  const cancel = () => run({ action: 'cancel' }, MFA_TEXT.enableError, () => setSetup(null));
  const disable = (password: string) =>
    run({ action: 'disable', password }, MFA_TEXT.disableError, () => {
      setDisabling(false);
      toast.success(MFA_TEXT.disabled);
    });

  if (!settings.data)
    return (
      <MfaFrame>
        {settings.error ? (
          <p className="text-sm text-destructive">MFA settings could not be loaded.</p>
        ) : (
          <Skeleton className="h-16 w-full" />
        )}
      </MfaFrame>
    );

  const current = settings.data;
  const phase = cardPhase(current, {
    choosing,
    disabling,
    setupStarted: setup !== null,
    showingCodes: codes.length > 0,
  });
  const flip = (checked: boolean) => {
    switch (switchIntent(phase, checked)) {
      case 'choose':
        return setChoosing(true);
      case 'stop-choosing':
        return setChoosing(false);
      case 'cancel-setup':
        return cancel();
      case 'disable':
        setCodes([]);
        return setDisabling(true);
      case 'stop-disabling':
        return setDisabling(false);
    }
  };
  const pendingMethod = setup?.method ?? current.pending_method;

  return (
    <MfaFrame>
      <div className="flex items-center justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor="mfa-switch">Multi-factor authentication</Label>
          <MfaStatus settings={current} />
        </div>
        <Switch
          id="mfa-switch"
          checked={switchChecked(phase)}
          disabled={manage.isPending}
          onCheckedChange={flip}
        />
      </div>
      {phase === 'choosing' && (
        <MfaMethodForm busy={manage.isPending} onEnable={enable} onCancel={() => flip(false)} />
      )}
      {phase === 'verifying' && pendingMethod && (
        <MfaVerifyForm
          method={pendingMethod}
          setup={setup}
          busy={manage.isPending}
          onVerify={(code) => verify(pendingMethod, code)}
          onCancel={cancel}
        />
      )}
      {phase === 'codes' && <BackupCodes codes={codes} onDone={() => setCodes([])} />}
      {phase === 'disabling' && (
        <MfaDisableForm
          busy={manage.isPending}
          onDisable={disable}
          onCancel={() => setDisabling(false)}
        />
      )}
    </MfaFrame>
  );
}

function MfaFrame({ children }: { children: ReactNode }) {
  return (
    <SettingsCard
      title="Multi-Factor Authentication"
      description="A second step at sign-in: an authenticator app, SMS or email code"
      icon={ShieldCheck}
    >
      {children}
    </SettingsCard>
  );
}
