import { zodResolver } from '@hookform/resolvers/zod';
import { ZNewPassword } from '@netguard/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useResetPassword } from '@/features/auth/api';
import { FormField } from '@/features/auth/components/FormField';
import { PasswordChecklist } from '@/features/auth/components/PasswordChecklist';
import { RevokeApiKeysCheckbox } from '@/features/auth/components/RevokeApiKeysCheckbox';
import { SubmitButton } from '@/features/auth/components/SubmitButton';
import { errorMessage } from '@/lib/api-client';

// The character classes come from the member's organizations' password policies: the server
// applies them (the checklist shows the product's full rule).
const ZResetForm = z
  .object({ password: ZNewPassword, confirm: z.string().max(128), revoke_api_keys: z.boolean() })
  .refine((values) => values.password === values.confirm, {
    message: 'Passwords do not match',
    path: ['confirm'],
  });

const REVOKE_HINT =
  'Every session is signed out. Revoked keys stop working for scripts and integrations.';

type ResetPasswordFormProps = { token: string; onDone: () => void };

/** The "Set a new password" form of the emailed `/auth?reset=<token>` link. */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword();
  const form = useForm({
    resolver: zodResolver(ZResetForm),
    defaultValues: { password: '', confirm: '', revoke_api_keys: false },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  const onSubmit = async (values: z.output<typeof ZResetForm>) => {
    try {
      await resetPassword.mutateAsync({
        token,
        password: values.password,
        revoke_api_keys: values.revoke_api_keys,
      });
      toast.success('Password updated', {
        description: 'You can now sign in with your new password.',
      });
      onDone();
    } catch (error) {
      toast.error('Error updating password', { description: errorMessage(error) });
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="space-y-4"
      aria-label="Set a new password"
    >
      <div className="space-y-2">
        <FormField
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordChecklist password={password} />
      </div>
      <FormField
        id="reset-confirm"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
      <RevokeApiKeysCheckbox
        id="reset-revoke-api-keys"
        hint={REVOKE_HINT}
        {...form.register('revoke_api_keys')}
      />
      <SubmitButton busy={isSubmitting}>Update password</SubmitButton>
    </form>
  );
}
