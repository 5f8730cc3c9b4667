import type { TNotificationSettings } from '@netguard/contracts';
import { Bell } from 'lucide-react';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useSettings, useUpdateNotifications } from '@/features/settings/api';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { errorMessage } from '@/lib/api-client';

const SWITCHES: { key: keyof TNotificationSettings; label: string; hint: string }[] = [
  {
    key: 'email_notifications',
    label: 'Email Notifications',
    hint: 'Receive notifications by email',
  },
  {
    key: 'scan_notifications',
    label: 'Scan Notifications',
    hint: 'When a scan completes or fails',
  },
  {
    key: 'vulnerability_alerts',
    label: 'Vulnerability Alerts',
    hint: 'When a scan finds new critical or high vulnerabilities',
  },
  { key: 'report_notifications', label: 'Report Notifications', hint: 'A weekly security report' },
];

/** The four notification switches, saved on the server as they change. */
export function NotificationsCard() {
  const settings = useSettings();
  const update = useUpdateNotifications();
  const current = settings.data?.notifications;
  const toggle = (key: keyof TNotificationSettings, value: boolean) => {
    if (!current) return;
    update.mutate(
      { ...current, [key]: value },
      {
        onSuccess: () => toast.success('Notification preferences saved'),
        onError: (error) =>
          toast.error('Error saving preferences', { description: errorMessage(error) }),
      },
    );
  };
  return (
    <SettingsCard
      title="Notification Preferences"
      description="Choose what NetGuard emails you"
      icon={Bell}
    >
      {SWITCHES.map((s) => (
        <div key={s.key} className="flex items-center justify-between gap-4">
          <div className="space-y-0.5">
            <Label htmlFor={`notify-${s.key}`}>{s.label}</Label>
            <p className="text-xs text-muted-foreground">{s.hint}</p>
          </div>
          <Switch
            id={`notify-${s.key}`}
            checked={current?.[s.key] ?? false}
            disabled={
              !current ||
              update.isPending ||
              (s.key !== 'email_notifications' && !current.email_notifications)
            }
            onCheckedChange={(value) => toggle(s.key, value)}
          />
        </div>
      ))}
    </SettingsCard>
  );
}
