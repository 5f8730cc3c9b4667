import {
  SIEM_AUTH_TYPES,
  SIEM_TYPE_LABELS,
  SIEM_TYPE_PROTOCOLS,
  SIEM_TYPES,
} from '@netguard/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { LabeledSelect } from '@/components/LabeledSelect';
import { FormField } from '@/features/auth/components/FormField';
import { endpointPlaceholder } from '@/features/siem/siem-fields';
import type { TSiemFormValues } from '@/features/siem/siem-form';
import { SIEM_AUTH_LABELS } from '@/features/siem/siem-labels';

type Props = { form: UseFormReturn<TSiemFormValues>; editing: boolean };

/** Name, SIEM type (fixed once created), endpoint and authentication type. */
export function ConnectionFields({ form, editing }: Props) {
  const { errors } = form.formState;
  const type = form.watch('type');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="siem-name"
        label="Name"
        placeholder="Splunk production"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <LabeledSelect
            id="siem-type"
            label="SIEM type"
            value={field.value}
            options={SIEM_TYPES}
            labels={SIEM_TYPE_LABELS}
            onChange={field.onChange}
            disabled={editing}
            hint={SIEM_TYPE_PROTOCOLS[type]}
          />
        )}
      />
      <FormField
        id="siem-endpoint"
        label="Endpoint"
        placeholder={endpointPlaceholder(type)}
        autoComplete="off"
        spellCheck={false}
        error={errors.endpoint?.message}
        {...form.register('endpoint')}
      />
      <Controller
        control={form.control}
        name="authType"
        render={({ field }) => (
          <LabeledSelect
            id="siem-auth-type"
            label="Authentication"
            value={field.value}
            options={SIEM_AUTH_TYPES}
            labels={SIEM_AUTH_LABELS}
            onChange={field.onChange}
          />
        )}
      />
    </div>
  );
}
