import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLOUD_PROVIDER_LABELS,
  type TCloudProvider,
  type TStoreCloudCredentials,
  ZStoreCloudCredentials,
} from '@netguard/contracts';
import { type Resolver, useForm } from 'react-hook-form';
import { FormField } from '@/features/auth/components/FormField';
import { SubmitButton } from '@/features/auth/components/SubmitButton';
import { useConnectCloud } from '@/features/cloud/api';
import { CredentialInput } from '@/features/cloud/components/CredentialInput';
import { CREDENTIAL_FIELDS, emptyCredentials } from '@/features/cloud/credential-fields';

type TFormValues = {
  provider: TCloudProvider;
  name: string;
  credentials: Record<string, string>;
};

/** The contracts' schema checks the form, so the page shows the server's own messages first. */
const resolver = zodResolver(ZStoreCloudCredentials) as unknown as Resolver<TFormValues>;

/** One provider's tab: its credentials, verified by the server with the provider on Connect. */
export function ProviderCredentialsForm({ provider }: { provider: TCloudProvider }) {
  const connect = useConnectCloud();
  const label = CLOUD_PROVIDER_LABELS[provider];
  const form = useForm<TFormValues>({
    resolver,
    defaultValues: { provider, name: '', credentials: emptyCredentials(provider) },
  });
  const { errors } = form.formState;

  // The hook raises the toasts; a connected account empties the form for the next one.
  const onSubmit = (values: TFormValues) =>
    connect.mutate(values as TStoreCloudCredentials, { onSuccess: () => form.reset() });

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={`${label} credentials`}
      className="space-y-4"
    >
      <div className="grid gap-4 md:grid-cols-2">
        {CREDENTIAL_FIELDS[provider].map((field) => (
          <CredentialInput
            key={field.name}
            id={`cloud-${provider}-${field.name}`}
            field={field}
            error={errors.credentials?.[field.name]?.message}
            registration={form.register(`credentials.${field.name}`)}
          />
        ))}
        <FormField
          id={`cloud-${provider}-name`}
          label="Connection name (optional)"
          placeholder={`${label} production`}
          error={errors.name?.message}
          {...form.register('name')}
        />
      </div>
      <div className="sm:w-48">
        <SubmitButton busy={connect.isPending}>
          {connect.isPending ? 'Connecting…' : `Connect ${label}`}
        </SubmitButton>
      </div>
    </form>
  );
}
