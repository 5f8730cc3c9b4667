import { MFA_LIMITS, MFA_TEXT, type TMfaActionResult, type TMfaMethod } from '@netguard/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export type TStartedSetup = Pick<TMfaActionResult, 'qr_code_url' | 'secret' | 'sent_to'>;

type Props = {
  method: TMfaMethod;
  /** What the enable call returned; null for a setup started in an earlier visit. */
  setup: TStartedSetup | null;
  busy: boolean;
  onVerify: (code: string) => void;
  onCancel: () => void;
};

function Instructions({ method, setup }: Pick<Props, 'method' | 'setup'>) {
  if (method !== 'totp')
    return (
      <p className="text-sm text-muted-foreground">
        {setup?.sent_to ? `We sent a code to ${setup.sent_to}.` : 'We sent you a code.'} It expires
        in 10 minutes.
      </p>
    );
  if (!setup?.qr_code_url)
    return (
      <p className="text-sm text-muted-foreground">
        Enter the code your authenticator app shows, or cancel and start again to see the QR code.
      </p>
    );
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      <img
        src={setup.qr_code_url}
        alt="QR code for your authenticator app"
        className="size-44 shrink-0 rounded-md border bg-white p-1"
      />
      <div className="min-w-0 space-y-2 text-sm">
        <p className="text-muted-foreground">
          Scan the QR code with your authenticator app, or type this key into it:
        </p>
        <code
          className="block break-all rounded-md bg-muted px-2 py-1.5 font-mono text-xs tracking-wider"
          data-testid="mfa-secret"
        >
          {setup.secret?.match(/.{1,4}/g)?.join(' ')}
        </code>
      </div>
    </div>
  );
}

/** The setup's QR image (TOTP) or sent-to note, then the first code that turns MFA on. */
export function MfaVerifyForm({ method, setup, busy, onVerify, onCancel }: Props) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length === MFA_LIMITS.codeLength) onVerify(code);
  };
  return (
    <form className="space-y-4" onSubmit={submit}>
      <Instructions method={method} setup={setup} />
      <div className="space-y-2">
        <Label htmlFor="mfa-verification-code">{MFA_TEXT.codeLabel}</Label>
        <Input
          id="mfa-verification-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MFA_LIMITS.codeLength}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          className="max-w-40 font-mono tracking-[0.3em]"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || code.length !== MFA_LIMITS.codeLength}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
