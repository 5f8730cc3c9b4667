import { UI_TEXT } from '@netguard/contracts';
import { Shield } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRequestPasswordReset } from '@/features/auth/api';
import { useAuth } from '@/features/auth/auth-context';
import { RevokeApiKeysCheckbox } from '@/features/auth/components/RevokeApiKeysCheckbox';
import { signOutEverywhere } from '@/features/settings/api';
import { PasswordChangeForm } from '@/features/settings/components/PasswordChangeForm';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { errorMessage } from '@/lib/api-client';

/** Password change, a reset link by email, and signing out here or everywhere. */
export function SecurityCard() {
  const { user, signOut } = useAuth();
  const reset = useRequestPasswordReset();
  const [changing, setChanging] = useState(false);
  const [revokeKeys, setRevokeKeys] = useState(false);

  const sendReset = () =>
    user &&
    reset.mutate(user.email, {
      onSuccess: (res) => toast.success('Check your email', { description: res.message }),
      onError: (error) =>
        toast.error('Error requesting password reset', { description: errorMessage(error) }),
    });
  const leave = async (everywhere: boolean) => {
    try {
      if (everywhere) await signOutEverywhere(revokeKeys);
      await signOut();
    } catch (error) {
      toast.error(UI_TEXT.signOutError, { description: errorMessage(error) });
    }
  };

  return (
    <SettingsCard title="Security" description="Password and sessions" icon={Shield}>
      {changing ? (
        <PasswordChangeForm onDone={() => setChanging(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setChanging(true)}>
            Password Change
          </Button>
          <Button variant="outline" onClick={sendReset} disabled={reset.isPending}>
            Reset Password
          </Button>
        </div>
      )}
      <div className="space-y-3 border-t pt-4">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => leave(false)}>
            Sign Out
          </Button>
          <Button variant="outline" onClick={() => leave(true)}>
            Sign out of all sessions
          </Button>
        </div>
        <RevokeApiKeysCheckbox
          id="sign-out-all-revoke-api-keys"
          hint="With Sign out of all sessions: revoked keys stop working for scripts and integrations."
          checked={revokeKeys}
          onChange={(e) => setRevokeKeys(e.target.checked)}
        />
      </div>
    </SettingsCard>
  );
}
