import { MFA_METHOD_LABELS, MFA_METHOD_VALUES, type TMfaMethod, ZPhone } from '@netguard/contracts';
import { type LucideIcon, Mail, MessageSquare, Smartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/features/auth/components/FormField';

const METHODS: Record<TMfaMethod, { icon: LucideIcon; hint: string }> = {
  totp: { icon: Smartphone, hint: 'Scan a QR code with Google Authenticator, 1Password, Authy…' },
  sms: { icon: MessageSquare, hint: 'Get a code by text message' },
  email: { icon: Mail, hint: 'Get a code by email' },
};

type Props = {
  busy: boolean;
  onEnable: (body: { method: TMfaMethod; phone?: string }) => void;
  onCancel: () => void;
};

/** Choose the second factor (and the phone for SMS), then start its setup. */
export function MfaMethodForm({ busy, onEnable, onCancel }: Props) {
  const [method, setMethod] = useState<TMfaMethod>('totp');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (method !== 'sms') return onEnable({ method });
    const parsed = ZPhone.safeParse(phone);
    if (!parsed.success) return setPhoneError(parsed.error.issues[0]?.message);
    onEnable({ method, phone: parsed.data });
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Method</legend>
        {MFA_METHOD_VALUES.map((value) => {
          const { icon: Icon, hint } = METHODS[value];
          return (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-md border p-3 transition-colors hover:bg-muted/50 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name="mfa-method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="accent-primary"
              />
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="space-y-0.5">
                <span className="block text-sm font-medium">{MFA_METHOD_LABELS[value]}</span>
                <span className="block text-xs text-muted-foreground">{hint}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {method === 'sms' && (
        <FormField
          id="mfa-phone"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+14155550123"
          maxLength={16}
          value={phone}
          error={phoneError}
          onChange={(e) => {
            setPhone(e.target.value);
            setPhoneError(undefined);
          }}
        />
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Starting...' : 'Enable MFA'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
