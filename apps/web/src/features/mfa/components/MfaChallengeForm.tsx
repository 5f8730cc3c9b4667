import { type TMfaChallenge, UI_TEXT, ZMfaSignInBody } from '@netguard/contracts';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';
import { FormField } from '@/features/auth/components/FormField';
import { SubmitButton } from '@/features/auth/components/SubmitButton';
import { ApiError, errorMessage } from '@/lib/api-client';

type Props = { challenge: TMfaChallenge; onRestart: () => void };

const ZCode = ZMfaSignInBody.shape.code;

/** The sign-in second step: a code of the account's method, or one of its backup codes. */
export function MfaChallengeForm({ challenge, onRestart }: Props) {
  const { completeSignIn } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCode.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      await completeSignIn({ challenge_token: challenge.challenge_token, code: parsed.data });
    } catch (failure) {
      toast.error(UI_TEXT.signInError, { description: errorMessage(failure) });
      setBusy(false);
      // The challenge expired or was used up: the password step starts again.
      if (failure instanceof ApiError && failure.code === 'unauthorized') onRestart();
    }
  };

  const prompt =
    challenge.method === 'totp'
      ? 'Enter the 6-digit code from your authenticator app.'
      : `We sent a 6-digit code to ${challenge.sent_to ?? 'you'}.`;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Two-step verification">
      <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3 text-sm">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>
          <span className="font-medium">Two-step verification.</span> {prompt} Lost it? Use one of
          your backup codes.
        </p>
      </div>
      <FormField
        id="mfa-sign-in-code"
        label="Verification code"
        autoComplete="one-time-code"
        autoFocus
        maxLength={9}
        placeholder="123456 or xxxx-xxxx"
        value={code}
        error={error}
        onChange={(e) => {
          setCode(e.target.value);
          setError(undefined);
        }}
      />
      <SubmitButton busy={busy}>Verify</SubmitButton>
      <Button type="button" variant="link" size="sm" className="w-full" onClick={onRestart}>
        Back to sign in
      </Button>
    </form>
  );
}
