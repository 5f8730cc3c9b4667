import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/features/auth/auth-context';
import { deleteAccount, exportAccountData } from '@/features/settings/api';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { errorMessage } from '@/lib/api-client';

/** Export everything as JSON; delete the account after typing DELETE and the password. */
export function DangerZoneCard() {
  const { signOut } = useAuth();
  const [deleting, setDeleting] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const exportData = () =>
    exportAccountData().catch((error: unknown) =>
      toast.error('Export failed', { description: errorMessage(error) }),
    );
  const remove = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await deleteAccount({ password, confirmation });
      toast.success('Account deleted');
      await signOut().catch(() => undefined);
    } catch (error) {
      toast.error('Error deleting account', { description: errorMessage(error) });
      setBusy(false);
    }
  };

  return (
    <SettingsCard
      title="Danger Zone"
      description="Irreversible actions"
      icon={AlertTriangle}
      danger
    >
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={exportData}>
          Export Data
        </Button>
        {!deleting && (
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            Delete Account
          </Button>
        )}
      </div>
      {deleting && (
        <form className="space-y-3 rounded-md border border-destructive/50 p-3" onSubmit={remove}>
          <p className="text-sm">
            This deletes your account, your organization and every scan, vulnerability and report in
            it. Type <strong>DELETE</strong> and your password to confirm.
          </p>
          <div className="space-y-2">
            <Label htmlFor="delete-confirmation">Confirmation</Label>
            <Input
              id="delete-confirmation"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="delete-password">Password</Label>
            <Input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button
              type="submit"
              variant="destructive"
              disabled={busy || confirmation !== 'DELETE' || !password}
            >
              {busy ? 'Deleting...' : 'Delete my account'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
