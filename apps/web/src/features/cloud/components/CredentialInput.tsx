import type { UseFormRegisterReturn } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { FormField } from '@/features/auth/components/FormField';
import type { TCredentialField } from '@/features/cloud/credential-fields';

type Props = {
  id: string;
  field: TCredentialField;
  error?: string;
  registration: UseFormRegisterReturn;
};

const labelOf = (field: TCredentialField) =>
  field.optional ? `${field.label} (optional)` : field.label;

/** One credentials field: an input, a masked secret, or the JSON key file as a text area. */
export function CredentialInput({ id, field, error, registration }: Props) {
  if (field.kind !== 'json')
    return (
      <FormField
        id={id}
        label={labelOf(field)}
        type={field.kind === 'secret' ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        placeholder={field.placeholder}
        error={error}
        {...registration}
      />
    );
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2 md:col-span-2">
      <Label htmlFor={id}>{labelOf(field)}</Label>
      <textarea
        id={id}
        rows={6}
        spellCheck={false}
        autoComplete="off"
        placeholder={field.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full min-w-0 rounded-md border bg-transparent p-2 font-mono text-xs shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
        {...registration}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive" data-testid={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
