import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { AuthTabs } from '@/features/auth/components/AuthTabs';
import { RedirectIfSignedIn } from '@/features/auth/components/RedirectIfSignedIn';
import { ResetPasswordCard } from '@/features/auth/components/ResetPasswordCard';
import { useConfirmLink } from '@/features/auth/use-confirm-link';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function AuthPage() {
  useDocumentTitle('Sign In');
  useConfirmLink();
  const [params, setParams] = useSearchParams();
  const resetToken = params.get('reset');

  return (
    <RedirectIfSignedIn showSpinner>
      <AuthLayout>
        {resetToken ? (
          <ResetPasswordCard token={resetToken} onDone={() => setParams({}, { replace: true })} />
        ) : (
          <AuthTabs />
        )}
      </AuthLayout>
    </RedirectIfSignedIn>
  );
}
