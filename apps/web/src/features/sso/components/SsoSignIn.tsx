import { ZSsoStartBody } from '@netguard/contracts';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/features/auth/components/FormField';
import { SubmitButton } from '@/features/auth/components/SubmitButton';
import { startSso } from '@/features/sso/api';
import { errorMessage } from '@/lib/api-client';

/**
 * "Sign in with SSO" on the sign-in page: the work e-mail's domain picks the organization's
 * identity provider, and the browser goes there; it comes back signed in (/auth?sso=done).
 */
export function SsoSignIn() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSsoStartBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter your work e-mail');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { redirect_url } = await startSso(parsed.data.email);
      window.location.assign(redirect_url);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  if (!open)
    return (
      <div className="mt-4 space-y-3">
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
        <Button type="button" variant="outline" className="w-full" onClick={() => setOpen(true)}>
          <KeyRound className="size-4" aria-hidden="true" />
          {/* Not "Sign in …": the password form's "Sign In" button keeps a unique name. */}
          Use single sign-on (SSO)
        </Button>
      </div>
    );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 space-y-3 rounded-md border p-4"
      aria-label="Sign in with SSO"
    >
      <p className="text-sm text-muted-foreground">
        Enter your work e-mail: you continue at your organization&apos;s identity provider.
      </p>
      <FormField
        id="sso-email"
        label="Work e-mail"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <SubmitButton busy={busy}>Continue with SSO</SubmitButton>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto px-0"
        onClick={() => setOpen(false)}
      >
        Use a password instead
      </Button>
    </form>
  );
}
