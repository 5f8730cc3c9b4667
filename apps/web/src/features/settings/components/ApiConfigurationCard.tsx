import {
  AUTO_SCAN_FREQUENCY_VALUES,
  SETTINGS_LIMITS,
  type TAutoScanFrequency,
  ZApiSettings,
} from '@netguard/contracts';
import { Settings2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { PermissionNote } from '@/features/auth/components/PermissionNote';
import { usePermission } from '@/features/auth/use-permission';
import { useSettings, useUpdateApiSettings } from '@/features/settings/api';
import { ApiKeysSection } from '@/features/settings/components/ApiKeysSection';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

const FREQUENCY_LABEL: Record<TAutoScanFrequency, string> = {
  never: 'Never',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** API keys, and the organization's re-scan frequency, concurrency and timeout. */
export function ApiConfigurationCard() {
  const settings = useSettings();
  const update = useUpdateApiSettings();
  const permission = usePermission('organization', 'update');
  const [frequency, setFrequency] = useState<TAutoScanFrequency>('weekly');
  const [concurrent, setConcurrent] = useState('3');
  const [timeout, setTimeoutSeconds] = useState('1800');
  const api = settings.data?.api;
  useEffect(() => {
    if (!api) return;
    setFrequency(api.auto_scan_frequency);
    setConcurrent(String(api.max_concurrent_scans));
    setTimeoutSeconds(String(api.scan_timeout));
  }, [api]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZApiSettings.safeParse({
      auto_scan_frequency: frequency,
      max_concurrent_scans: Number(concurrent),
      scan_timeout: Number(timeout),
    });
    if (!parsed.success) {
      toast.error('Invalid API configuration', { description: parsed.error.issues[0]?.message });
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => toast.success('API configuration saved'),
      onError: (error) =>
        toast.error('Error saving API configuration', { description: errorMessage(error) }),
    });
  };

  const next = settings.data?.next_auto_scan_at;
  return (
    <SettingsCard
      title="API Configuration"
      description="API access and scan defaults"
      icon={Settings2}
    >
      <ApiKeysSection />
      <form className="space-y-4 border-t pt-4" onSubmit={save} noValidate>
        <div className="space-y-2">
          <Label htmlFor="auto-scan-frequency">Auto Scan Frequency</Label>
          <Select value={frequency} onValueChange={(v) => setFrequency(v as TAutoScanFrequency)}>
            <SelectTrigger id="auto-scan-frequency" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {AUTO_SCAN_FREQUENCY_VALUES.map((f) => (
                <SelectItem key={f} value={f}>
                  {FREQUENCY_LABEL[f]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground">
            {next
              ? `Re-runs your last scan next on ${formatDateTime(next)}`
              : 'No automatic re-scans'}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="max-concurrent">Max Concurrent Scans</Label>
            <Input
              id="max-concurrent"
              type="number"
              min={SETTINGS_LIMITS.maxConcurrentScans.min}
              max={SETTINGS_LIMITS.maxConcurrentScans.max}
              value={concurrent}
              onChange={(e) => setConcurrent(e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="scan-timeout">Scan Timeout (seconds)</Label>
            <Input
              id="scan-timeout"
              type="number"
              min={SETTINGS_LIMITS.scanTimeoutSeconds.min}
              max={SETTINGS_LIMITS.scanTimeoutSeconds.max}
              value={timeout}
              onChange={(e) => setTimeoutSeconds(e.target.value)}
            />
          </div>
        </div>
        <Button type="submit" disabled={!api || update.isPending || !permission.allowed}>
          {update.isPending ? 'Saving...' : 'Save Configuration'}
        </Button>
        <PermissionNote reason={permission.reason} />
      </form>
    </SettingsCard>
  );
}
