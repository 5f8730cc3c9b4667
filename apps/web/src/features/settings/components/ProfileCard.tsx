import { SETTINGS_TEXT } from '@netguard/contracts';
import { User } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useProfile, useUpdateProfile } from '@/features/settings/api';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { errorMessage } from '@/lib/api-client';

/** Email (read-only), username, company name and the plan badge. */
export function ProfileCard() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const [username, setUsername] = useState('');
  const [company, setCompany] = useState('');
  useEffect(() => {
    if (!profile.data) return;
    setUsername(profile.data.username ?? '');
    setCompany(profile.data.company_name ?? '');
  }, [profile.data]);
  useEffect(() => {
    if (profile.error)
      toast.error('Error loading profile', { description: errorMessage(profile.error) });
  }, [profile.error]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { username: username.trim() || null, company_name: company.trim() || null },
      {
        onSuccess: () => toast.success('Profile updated'),
        onError: (error) =>
          toast.error('Error updating profile', { description: errorMessage(error) }),
      },
    );
  };

  return (
    <SettingsCard title="Profile" description="Your account details" icon={User}>
      <form className="space-y-4" onSubmit={save}>
        <div className="space-y-2">
          <Label htmlFor="settings-email">Email</Label>
          <Input id="settings-email" value={profile.data?.email ?? ''} readOnly disabled />
          <p className="text-xs text-muted-foreground">{SETTINGS_TEXT.emailNote}</p>
        </div>
        <div className="space-y-2">
          <Label htmlFor="settings-username">Username</Label>
          <Input
            id="settings-username"
            value={username}
            maxLength={50}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="settings-company">Company Name</Label>
          <Input
            id="settings-company"
            value={company}
            maxLength={100}
            onChange={(e) => setCompany(e.target.value)}
          />
        </div>
        <div className="flex items-center justify-between gap-2">
          <span className="flex items-center gap-2 text-sm">
            Subscription tier
            <Badge data-testid="tier-badge">{profile.data?.subscription_tier ?? '—'}</Badge>
          </span>
          <Button type="submit" disabled={update.isPending || !profile.data}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
