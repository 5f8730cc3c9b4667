import { UI_TEXT } from '@netguard/contracts';
import { Home } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/Logo';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle('Page not found');

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-8 bg-linear-to-b from-slate-50 to-blue-50 px-4 text-center">
      <Logo />
      <div className="space-y-3">
        <h1 className="text-7xl font-bold tracking-tight text-primary">404</h1>
        <p className="text-xl text-muted-foreground">{UI_TEXT.notFoundTitle}</p>
      </div>
      <Button asChild size="lg">
        <Link to="/">
          <Home aria-hidden="true" />
          {UI_TEXT.returnHome}
        </Link>
      </Button>
    </main>
  );
}
