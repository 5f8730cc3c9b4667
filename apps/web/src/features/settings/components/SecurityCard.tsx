import { UI_TEXT } from '@netguard/contracts';
import { Shield } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRequestPasswordReset } from '@/features/auth/api';
import { useAuth } from '@/features/auth/auth-context';
import { signOutEverywhere } from '@/features/settings/api';
import { PasswordChangeForm } from '@/features/settings/components/PasswordChangeForm';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { errorMessage } from '@/lib/api-client';

/** Password change, a reset link by email, and signing out here or everywhere. */
export function SecurityCard() {
  const { user, signOut } = useAuth();
  const reset = useRequestPasswordReset();
  const [changing, setChanging] = useState(false);

  const sendReset = () =>
    user &&
    reset.mutate(user.email, {
      onSuccess: (res) => toast.success('Check your email', { description: res.message }),
      onError: (error) =>
        toast.error('Error requesting password reset', { description: errorMessage(error) }),
    });
  const leave = async (everywhere: boolean) => {
    try {
      if (everywhere) await signOutEverywhere();
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
      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button variant="outline" onClick={() => leave(false)}>
          Sign Out
        </Button>
        <Button variant="outline" onClick={() => leave(true)}>
          Sign out of all sessions
        </Button>
      </div>
    </SettingsCard>
  );
}
