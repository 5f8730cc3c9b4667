import { ZNewPassword } from '@netguard/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordChecklist } from '@/features/auth/components/PasswordChecklist';
import { RevokeApiKeysCheckbox } from '@/features/auth/components/RevokeApiKeysCheckbox';
import { changePassword } from '@/features/settings/api';
import { errorMessage } from '@/lib/api-client';

/** Current and new password; other sessions end when it changes. */
export function PasswordChangeForm({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [revokeKeys, setRevokeKeys] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await changePassword({
        current_password: current,
        new_password: next,
        revoke_api_keys: revokeKeys,
      });
      toast.success('Password updated', { description: 'Your other sessions were signed out.' });
      onDone();
    } catch (error) {
      toast.error('Error updating password', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="space-y-3 rounded-md border p-3" onSubmit={submit}>
      <div className="space-y-2">
        <Label htmlFor="current-password">Current password</Label>
        <Input
          id="current-password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="new-password">New password</Label>
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <PasswordChecklist password={next} />
      </div>
      <RevokeApiKeysCheckbox
        id="change-revoke-api-keys"
        hint="Revoked keys stop working for scripts and integrations."
        checked={revokeKeys}
        onChange={(e) => setRevokeKeys(e.target.checked)}
      />
      {/* Length only: the character classes are the organizations' policy, which the server applies
          (its refusal says what is missing); the checklist shows the product's full rule. */}
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || !current || !ZNewPassword.safeParse(next).success}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
