import { useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { readSessionEndReason } from '@/features/auth/session-end-reason';

/** On the sign-in page after the session monitor signed the user out: why. */
export function SessionEndedNotice() {
  const [params] = useSearchParams();
  const reason = readSessionEndReason(params.get('reason'));
  if (!reason) return null;
  return (
    <Alert className="mb-4" data-testid="session-ended">
      <AlertTitle>You were signed out</AlertTitle>
      <AlertDescription>{reason}. Please sign in again.</AlertDescription>
    </Alert>
  );
}
