import { FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/Logo';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';

type TestWidgetShellProps = { title: string; description: string };

/** A centred card for the standalone test widgets; the runners themselves come later. */
export function TestWidgetShell({ title, description }: TestWidgetShellProps) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-linear-to-b from-slate-50 to-blue-50 px-4 py-10">
      <Link to="/" aria-label="NetGuard home">
        <Logo />
      </Link>
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            <FlaskConical className="size-5 text-primary" aria-hidden="true" />
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="rounded-lg border border-dashed bg-muted/40 p-4 text-sm text-muted-foreground">
            This test runner is being built. No results are available yet.
          </p>
        </CardContent>
        <CardFooter className="justify-end">
          <Button variant="outline" asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        </CardFooter>
      </Card>
    </main>
  );
}
