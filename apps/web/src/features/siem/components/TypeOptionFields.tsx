import { Controller, type UseFormReturn } from 'react-hook-form';
import { TextAreaField } from '@/components/TextAreaField';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FormField } from '@/features/auth/components/FormField';
import { OPTION_LABELS, OPTION_PLACEHOLDERS, optionFieldsFor } from '@/features/siem/siem-fields';
import type { TSiemFormValues } from '@/features/siem/siem-form';

/** What only this SIEM type reads: index, sourcetype and ack (Splunk), DCR (Sentinel), CA PEM… */
export function TypeOptionFields({ form }: { form: UseFormReturn<TSiemFormValues> }) {
  const { errors } = form.formState;
  const [type, endpoint] = form.watch(['type', 'endpoint']);
  const fields = optionFieldsFor(type, endpoint);
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((key) => {
        const id = `siem-options-${key}`;
        if (key === 'ackEnabled')
          return (
            <div key={key} className="flex items-center gap-3 self-end pb-2">
              <Controller
                control={form.control}
                name="options.ackEnabled"
                render={({ field }) => (
                  <Switch id={id} checked={field.value} onCheckedChange={field.onChange} />
                )}
              />
              <Label htmlFor={id}>{OPTION_LABELS.ackEnabled}</Label>
            </div>
          );
        const error = errors.options?.[key]?.message;
        if (key === 'caPem')
          return (
            <TextAreaField
              key={key}
              id={id}
              label={OPTION_LABELS.caPem}
              placeholder={OPTION_PLACEHOLDERS.caPem}
              hint="Only when the receiver's certificate is not signed by a public CA."
              error={error}
              {...form.register('options.caPem')}
            />
          );
        return (
          <FormField
            key={key}
            id={id}
            label={OPTION_LABELS[key]}
            placeholder={OPTION_PLACEHOLDERS[key]}
            autoComplete="off"
            spellCheck={false}
            error={error}
            {...form.register(`options.${key}`)}
          />
        );
      })}
    </div>
  );
}
