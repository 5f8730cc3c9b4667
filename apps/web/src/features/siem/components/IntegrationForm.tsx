import type { TSiemIntegration } from '@netguard/contracts';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/features/auth/components/SubmitButton';
import { useCreateSiemIntegration, useUpdateSiemIntegration } from '@/features/siem/api';
import { AdvancedSettings } from '@/features/siem/components/AdvancedSettings';
import { ConnectionFields } from '@/features/siem/components/ConnectionFields';
import { CredentialFields } from '@/features/siem/components/CredentialFields';
import { TypeOptionFields } from '@/features/siem/components/TypeOptionFields';
import {
  emptySiemForm,
  siemFormFrom,
  siemFormProblems,
  type TSiemFormValues,
  toCreateBody,
  toFieldErrors,
} from '@/features/siem/siem-form';
import { toUpdateBody } from '@/features/siem/siem-update';

type Props = {
  /** Configure: the integration edited; absent for Add Integration. */
  stored?: TSiemIntegration;
  onDone: () => void;
};

/** The contracts' create schema checks the form (a stored secret may stay empty when editing). */
const siemResolver =
  (stored?: TSiemIntegration): Resolver<TSiemFormValues> =>
  (values) => {
    const problems = siemFormProblems(values, stored);
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors(problems) as never };
  };

/** Add Integration, or Configure (PATCH with only what changed). */
export function IntegrationForm({ stored, onDone }: Props) {
  const create = useCreateSiemIntegration();
  const update = useUpdateSiemIntegration();
  const form = useForm<TSiemFormValues>({
    resolver: siemResolver(stored),
    defaultValues: stored ? siemFormFrom(stored) : emptySiemForm(),
  });
  const busy = create.isPending || update.isPending;

  const onSubmit = (values: TSiemFormValues) => {
    if (!stored) return create.mutate(toCreateBody(values), { onSuccess: onDone });
    const body = toUpdateBody(values, stored);
    if (Object.keys(body).length === 0) return onDone();
    update.mutate({ id: stored.id, body }, { onSuccess: onDone });
  };

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={stored ? `Configure ${stored.name}` : 'New SIEM integration'}
      className="min-w-0 space-y-4"
    >
      <ConnectionFields form={form} editing={Boolean(stored)} />
      <CredentialFields form={form} stored={stored} />
      <TypeOptionFields form={form} />
      <AdvancedSettings form={form} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <div className="sm:w-44">
          <SubmitButton busy={busy}>
            {stored ? 'Save changes' : busy ? 'Creating…' : 'Create Integration'}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
