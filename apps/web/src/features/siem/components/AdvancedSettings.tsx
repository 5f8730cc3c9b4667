import { SIEM_EVENT_TYPES, SIEM_LOG_LEVELS, type TSiemSettings } from '@netguard/contracts';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CheckboxGroup } from '@/components/CheckboxGroup';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FormField } from '@/features/auth/components/FormField';
import type { TSiemFormValues } from '@/features/siem/siem-form';
import { SIEM_EVENT_LABELS, SIEM_LEVEL_LABELS } from '@/features/siem/siem-labels';

const NUMBER_SETTINGS: { key: Exclude<keyof TSiemSettings, 'enableRealtime'>; label: string }[] = [
  { key: 'batchSize', label: 'Batch size' },
  { key: 'retryAttempts', label: 'Retry attempts' },
  { key: 'timeout', label: 'Timeout (seconds)' },
  { key: 'dataRetention', label: 'Log retention (days)' },
  { key: 'maxAgeHours', label: 'Give up after (hours)' },
];

/** Delivery settings and what is forwarded, prefilled with the spec's defaults. */
export function AdvancedSettings({ form }: { form: UseFormReturn<TSiemFormValues> }) {
  const { errors } = form.formState;
  const [open, setOpen] = useState(false);
  // A problem in here opens the part, so its message is seen.
  const invalid = Boolean(errors.settings || errors.filters);
  return (
    <details
      className="group rounded-md border p-3"
      open={open || invalid}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-medium">
        Advanced
        <ChevronDown className="size-4 group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          {NUMBER_SETTINGS.map(({ key, label }) => (
            <FormField
              key={key}
              id={`siem-settings-${key}`}
              label={label}
              type="number"
              inputMode="numeric"
              error={errors.settings?.[key]?.message}
              {...form.register(`settings.${key}`, { valueAsNumber: true })}
            />
          ))}
          <div className="flex items-center gap-3 self-end pb-2">
            <Controller
              control={form.control}
              name="settings.enableRealtime"
              render={({ field }) => (
                <Switch
                  id="siem-settings-enableRealtime"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Label htmlFor="siem-settings-enableRealtime">Realtime forwarding</Label>
          </div>
        </div>
        <Controller
          control={form.control}
          name="filters.logLevels"
          render={({ field }) => (
            <CheckboxGroup
              id="siem-levels"
              legend="Log levels"
              options={SIEM_LOG_LEVELS}
              labels={SIEM_LEVEL_LABELS}
              value={field.value}
              onChange={field.onChange}
              error={errors.filters?.logLevels?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="filters.eventTypes"
          render={({ field }) => (
            <CheckboxGroup
              id="siem-event-types"
              legend="Event types"
              options={SIEM_EVENT_TYPES}
              labels={SIEM_EVENT_LABELS}
              value={field.value}
              onChange={field.onChange}
              error={errors.filters?.eventTypes?.message}
            />
          )}
        />
        <FormField
          id="siem-sources"
          label="Sources"
          hint="Comma separated"
          error={errors.filters?.sources?.message}
          {...form.register('filters.sources')}
        />
      </div>
    </details>
  );
}
