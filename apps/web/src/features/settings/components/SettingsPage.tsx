import { Settings } from 'lucide-react';
import { PageHeader } from '@/components/PageHeader';
import { MfaCard } from '@/features/mfa/components/MfaCard';
import { MembersCard } from '@/features/organization/components/MembersCard';
import { ApiConfigurationCard } from '@/features/settings/components/ApiConfigurationCard';
import { DangerZoneCard } from '@/features/settings/components/DangerZoneCard';
import { FeedsCard } from '@/features/settings/components/FeedsCard';
import { NotificationsCard } from '@/features/settings/components/NotificationsCard';
import { ProfileCard } from '@/features/settings/components/ProfileCard';
import { SecurityCard } from '@/features/settings/components/SecurityCard';
import { SsoCard } from '@/features/sso/components/SsoCard';

/** The Settings page: profile, notifications, security, API configuration, MFA, members and SSO (admins), feeds and danger zone. */
export function SettingsPage() {
  return (
    <div className="space-y-6">
      <PageHeader icon={Settings} title="Settings" subtitle="Manage your account and preferences" />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <ProfileCard />
        <NotificationsCard />
        <SecurityCard />
        <ApiConfigurationCard />
        <MfaCard />
        <div className="lg:col-span-2">
          <MembersCard />
        </div>
        <div className="lg:col-span-2">
          <SsoCard />
        </div>
        <div className="lg:col-span-2">
          <FeedsCard />
        </div>
        <div className="lg:col-span-2">
          <DangerZoneCard />
        </div>
      </div>
    </div>
  );
}
