import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';

type ResetPasswordCardProps = { token: string; onDone: () => void };

export function ResetPasswordCard({ token, onDone }: ResetPasswordCardProps) {
  return (
    <Card className="shadow-lg">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">
          <h1>Set a new password</h1>
        </CardTitle>
        <CardDescription>Choose a strong password for your NetGuard account.</CardDescription>
      </CardHeader>
      <CardContent>
        <ResetPasswordForm token={token} onDone={onDone} />
      </CardContent>
    </Card>
  );
}
