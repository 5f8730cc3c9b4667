import { zodResolver } from '@hookform/resolvers/zod';
import { ZEmail } from '@netguard/contracts';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { useRequestPasswordReset } from '@/features/auth/api';
import { FormField } from '@/features/auth/components/FormField';
import { SubmitButton } from '@/features/auth/components/SubmitButton';
import { errorMessage } from '@/lib/api-client';

const ZForgotPassword = z.object({ email: ZEmail });

type ForgotPasswordFormProps = { defaultEmail?: string; onBack: () => void };

/** Asks for the account email and requests a reset link. */
export function ForgotPasswordForm({ defaultEmail = '', onBack }: ForgotPasswordFormProps) {
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(ZForgotPassword),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = async ({ email }: z.output<typeof ZForgotPassword>) => {
    try {
      const { message } = await requestReset.mutateAsync(email);
      toast.success('Check your email', { description: message });
      onBack();
    } catch (error) {
      toast.error('Error requesting password reset', { description: errorMessage(error) });
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="space-y-4"
      aria-label="Reset password"
    >
      <div className="space-y-1">
        <h2 className="font-semibold">Reset your password</h2>
        <p className="text-sm text-muted-foreground">
          Enter your account email and we will send you a link to set a new password.
        </p>
      </div>
      <FormField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <SubmitButton busy={form.formState.isSubmitting}>Send reset link</SubmitButton>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back to sign in
      </Button>
    </form>
  );
}
