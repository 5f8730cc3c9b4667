import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/features/auth/components/FormField';

type Props = { busy: boolean; onDisable: (password: string) => void; onCancel: () => void };

/** Turning MFA off needs the password again. */
export function MfaDisableForm({ busy, onDisable, onCancel }: Props) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onDisable(password);
  };
  return (
    <form className="space-y-3 rounded-md border border-destructive/50 p-3" onSubmit={submit}>
      <p className="text-sm">
        Turning MFA off removes your second factor and your backup codes. Enter your password to
        confirm.
      </p>
      <FormField
        id="mfa-disable-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="destructive" disabled={busy || !password}>
          {busy ? 'Turning off...' : 'Turn off MFA'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Keep MFA on
        </Button>
      </div>
    </form>
  );
}
