import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { AuthTabs } from '@/features/auth/components/AuthTabs';
import { RedirectIfSignedIn } from '@/features/auth/components/RedirectIfSignedIn';
import { ResetPasswordCard } from '@/features/auth/components/ResetPasswordCard';
import { useConfirmLink } from '@/features/auth/use-confirm-link';
import { useOperatorSetupLink } from '@/features/operators/operator-setup';
import { pendingInvitation, useInvitationLink } from '@/features/organization/pending-invitation';
import { SsoSignIn } from '@/features/sso/components/SsoSignIn';
import { useSsoLanding } from '@/features/sso/use-sso-landing';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function AuthPage() {
  useDocumentTitle('Sign In');
  useConfirmLink();
  useInvitationLink();
  useOperatorSetupLink();
  useSsoLanding();
  const [params, setParams] = useSearchParams();
  const resetToken = params.get('reset');

  return (
    <RedirectIfSignedIn showSpinner>
      <AuthLayout>
        {resetToken ? (
          <ResetPasswordCard token={resetToken} onDone={() => setParams({}, { replace: true })} />
        ) : (
          <>
            {(params.has('invite') || pendingInvitation()) && (
              <p
                className="mb-4 rounded-md border bg-muted/50 p-3 text-sm"
                data-testid="invitation-hint"
              >
                You were invited to an organization. Sign in, or create an account, with the address
                the invitation was sent to: you join right after.
              </p>
            )}
            <AuthTabs />
            <SsoSignIn />
          </>
        )}
      </AuthLayout>
    </RedirectIfSignedIn>
  );
}
