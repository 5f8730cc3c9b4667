import type { TRemediationHost } from '@netguard/contracts';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { LabeledSelect } from '@/components/LabeledSelect';
import { TextAreaField } from '@/components/TextAreaField';
import { Button } from '@/components/ui/button';
import { FormField } from '@/features/auth/components/FormField';
import { useCreateRemediationHost } from '@/features/remediation/admin-api';
import {
  EMPTY_HOST_FORM,
  hostFormProblems,
  type THostFormValues,
  toHostBody,
} from '@/features/remediation/host-form';

const AUTH_LABELS = { key: 'Private key', password: 'Password' } as const;
const PRIVILEGE_LABELS = { none: 'None (log in as a privileged user)', sudo: 'sudo' } as const;

const hostResolver: Resolver<THostFormValues> = (values) => {
  const problems = hostFormProblems(values);
  if (Object.keys(problems).length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return { values: {}, errors: errors as never };
};

/**
 * Add Host: an SSH connection; its secret is stored encrypted by the server. `onDone` gets the
 * new host (the list then tests it, to show the key it presents for confirmation).
 */
export function AddHostForm({
  onDone,
  onCancel,
}: {
  onDone: (host: TRemediationHost) => void;
  onCancel: () => void;
}) {
  const create = useCreateRemediationHost();
  const form = useForm<THostFormValues>({ resolver: hostResolver, defaultValues: EMPTY_HOST_FORM });
  const { errors } = form.formState;
  const authType = form.watch('authType');
  const submit = (values: THostFormValues) =>
    create.mutate(toHostBody(values), {
      onSuccess: (host) => {
        form.reset(EMPTY_HOST_FORM);
        onDone(host);
      },
    });

  return (
    <form
      className="grid min-w-0 gap-3 rounded-md border p-3 sm:grid-cols-2"
      aria-label="Add SSH host"
      noValidate
      onSubmit={form.handleSubmit(submit)}
    >
      <FormField
        id="host-name"
        label="Name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormField
        id="host-address"
        label="Address"
        placeholder="192.0.2.5 or web-1.example.com"
        spellCheck={false}
        error={errors.address?.message}
        {...form.register('address')}
      />
      <FormField
        id="host-port"
        label="Port"
        inputMode="numeric"
        error={errors.port?.message}
        {...form.register('port')}
      />
      <FormField
        id="host-username"
        label="SSH user"
        autoComplete="off"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Controller
        control={form.control}
        name="authType"
        render={({ field }) => (
          <LabeledSelect
            id="host-auth"
            label="Authentication"
            value={field.value}
            options={['key', 'password'] as const}
            labels={AUTH_LABELS}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="privilege"
        render={({ field }) => (
          <LabeledSelect
            id="host-privilege"
            label="Privilege"
            value={field.value}
            options={['none', 'sudo'] as const}
            labels={PRIVILEGE_LABELS}
            onChange={field.onChange}
          />
        )}
      />
      {authType === 'key' ? (
        <>
          <TextAreaField
            id="host-private-key"
            label="Private key"
            placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
            error={errors.privateKey?.message}
            {...form.register('privateKey')}
          />
          <FormField
            id="host-passphrase"
            label="Key passphrase (optional)"
            type="password"
            autoComplete="off"
            {...form.register('passphrase')}
          />
        </>
      ) : (
        <FormField
          id="host-password"
          label="Password"
          type="password"
          autoComplete="off"
          error={errors.password?.message}
          {...form.register('password')}
        />
      )}
      <FormField
        id="host-fingerprint"
        label="Pinned host key (optional)"
        placeholder="SHA256:…"
        spellCheck={false}
        hint="Otherwise saving tests the connection and shows the key the host presents, for you to confirm."
        error={errors.hostKeySha256?.message}
        {...form.register('hostKeySha256')}
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Save Host
        </Button>
      </div>
    </form>
  );
}
