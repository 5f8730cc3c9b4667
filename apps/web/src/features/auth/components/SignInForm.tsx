import { zodResolver } from '@hookform/resolvers/zod';
import { type TMfaChallenge, type TSignInBody, UI_TEXT, ZSignInBody } from '@netguard/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';
import { FormField } from '@/features/auth/components/FormField';
import { SubmitButton } from '@/features/auth/components/SubmitButton';
import { MfaChallengeForm } from '@/features/mfa/components/MfaChallengeForm';
import { errorMessage } from '@/lib/api-client';

type SignInFormProps = { defaultEmail?: string; onForgotPassword: () => void };

export function SignInForm({ defaultEmail = '', onForgotPassword }: SignInFormProps) {
  const { signIn } = useAuth();
  const [challenge, setChallenge] = useState<TMfaChallenge | null>(null);
  const form = useForm({
    resolver: zodResolver(ZSignInBody),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: TSignInBody) => {
    try {
      const result = await signIn(values);
      if ('mfa_required' in result) setChallenge(result);
    } catch (error) {
      toast.error(UI_TEXT.signInError, { description: errorMessage(error) });
    }
  };

  if (challenge)
    return <MfaChallengeForm challenge={challenge} onRestart={() => setChallenge(null)} />;

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="space-y-4"
      aria-label="Sign in"
    >
      <FormField
        id="signin-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="space-y-2">
        <FormField
          id="signin-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end">
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0"
            onClick={onForgotPassword}
          >
            Forgot password?
          </Button>
        </div>
      </div>
      <SubmitButton busy={isSubmitting}>Sign In</SubmitButton>
    </form>
  );
}
