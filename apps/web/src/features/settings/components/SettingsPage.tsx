import { Settings } from 'lucide-react';
import { ApiConfigurationCard } from '@/features/settings/components/ApiConfigurationCard';
import { DangerZoneCard } from '@/features/settings/components/DangerZoneCard';
import { NotificationsCard } from '@/features/settings/components/NotificationsCard';
import { ProfileCard } from '@/features/settings/components/ProfileCard';
import { SecurityCard } from '@/features/settings/components/SecurityCard';

/** The Settings page: profile, notifications, security, API configuration, MFA and danger zone. */
export function SettingsPage() {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight sm:text-3xl">
          <Settings className="size-7 text-primary" aria-hidden="true" />
          Settings
        </h1>
        <p className="text-sm text-muted-foreground">Manage your account and preferences</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileCard />
        <NotificationsCard />
        <SecurityCard />
        <ApiConfigurationCard />
        <div className="lg:col-span-2">
          <DangerZoneCard />
        </div>
      </div>
    </div>
  );
}
