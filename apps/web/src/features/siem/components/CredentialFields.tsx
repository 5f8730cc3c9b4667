import type { TSiemIntegration } from '@netguard/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { TextAreaField } from '@/components/TextAreaField';
import { FormField } from '@/features/auth/components/FormField';
import {
  CREDENTIAL_LABELS,
  credentialFieldsFor,
  keyLabel,
  SECRET_KEYS,
  type TCredentialKey,
} from '@/features/siem/siem-fields';
import type { TSiemFormValues } from '@/features/siem/siem-form';

type Props = { form: UseFormReturn<TSiemFormValues>; stored?: TSiemIntegration };

const KEEP_STORED = 'Leave empty to keep the stored value';

/** The credentials the type and authentication need; secrets masked, never prefilled. */
export function CredentialFields({ form, stored }: Props) {
  const { errors } = form.formState;
  const [type, authType] = form.watch(['type', 'authType']);
  const labelOf = (key: TCredentialKey) =>
    key === 'key' ? keyLabel(type, authType) : CREDENTIAL_LABELS[key];
  const hintOf = (key: TCredentialKey) =>
    stored && SECRET_KEYS.includes(key) && stored.credentials[key] ? KEEP_STORED : undefined;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {credentialFieldsFor(type, authType).map((key) => {
        const id = `siem-credentials-${key}`;
        const error = errors.credentials?.[key]?.message;
        if (key === 'key' && type === 'chronicle')
          return (
            <TextAreaField
              key={key}
              id={id}
              label={labelOf(key)}
              placeholder='{"type": "service_account", "client_email": …}'
              // Masked-ish: the JSON is shown blurred until focused.
              className="[-webkit-text-security:disc] focus:[-webkit-text-security:none]"
              hint={hintOf(key)}
              error={error}
              {...form.register(`credentials.${key}`)}
            />
          );
        return (
          <FormField
            key={key}
            id={id}
            label={labelOf(key)}
            type={SECRET_KEYS.includes(key) ? 'password' : 'text'}
            autoComplete={SECRET_KEYS.includes(key) ? 'new-password' : 'off'}
            spellCheck={false}
            hint={hintOf(key)}
            error={error}
            {...form.register(`credentials.${key}`)}
          />
        );
      })}
    </div>
  );
}
