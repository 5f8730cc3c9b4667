import { zodResolver } from '@hookform/resolvers/zod';
import { type TSignUpBody, UI_TEXT, ZSignUpBody } from '@netguard/contracts';
import { ShieldAlert } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useAuth } from '@/features/auth/auth-context';
import { FormField } from '@/features/auth/components/FormField';
import { PasswordChecklist } from '@/features/auth/components/PasswordChecklist';
import { SubmitButton } from '@/features/auth/components/SubmitButton';
import { errorMessage } from '@/lib/api-client';

type SignUpFormProps = { onSignedUp: (email: string) => void };

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { signUp } = useAuth();
  const form = useForm({
    resolver: zodResolver(ZSignUpBody),
    defaultValues: { email: '', password: '', username: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  const onSubmit = async (values: TSignUpBody) => {
    const body = { ...values, username: values.username || undefined };
    try {
      await signUp(body);
      toast.success(UI_TEXT.signUpSuccessTitle, {
        description: UI_TEXT.signUpSuccessDescription,
      });
      form.reset();
      onSignedUp(values.email);
    } catch (error) {
      toast.error(UI_TEXT.signUpError, { description: errorMessage(error) });
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="space-y-4"
      aria-label="Sign up"
    >
      <FormField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        id="signup-username"
        label="Username"
        autoComplete="username"
        placeholder="jane_doe"
        error={errors.username?.message}
        hint="Optional. If left empty, it defaults to the part of your email before the @."
        {...form.register('username')}
      />
      <div className="space-y-2">
        <FormField
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordChecklist password={password} />
      </div>
      <Alert className="border-amber-200 bg-amber-50 text-amber-900">
        <ShieldAlert aria-hidden="true" />
        <AlertDescription className="text-amber-900/90">{UI_TEXT.scanNotice}</AlertDescription>
      </Alert>
      <SubmitButton busy={isSubmitting}>Sign Up</SubmitButton>
    </form>
  );
}
