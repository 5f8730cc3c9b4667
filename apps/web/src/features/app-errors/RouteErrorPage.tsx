import { UI_TEXT } from '@netguard/contracts';
import { Home, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useRouteError } from 'react-router';
import { Logo } from '@/components/Logo';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isChunkLoadError, reloadOnceForChunk } from './chunk-reload.ts';

/** Shown for a page that failed to load or render, in place of React Router's developer page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  // A failed chunk reloads the page once by itself; the page shows when that did not help.
  const [reloading, setReloading] = useState(chunk);
  useDocumentTitle(chunk ? 'Page not loaded' : 'Something went wrong');

  useEffect(() => {
    console.error('Route error:', error);
    setReloading(reloadOnceForChunk(error, window.sessionStorage, () => window.location.reload()));
  }, [error]);

  if (reloading) return null;
  return (
    <main
      role="alert"
      className="flex min-h-svh flex-col items-center justify-center gap-8 bg-linear-to-b from-slate-50 to-blue-50 px-4 text-center"
    >
      <Logo />
      <div className="max-w-lg space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">
          {chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}
        </h1>
        <p className="text-muted-foreground">
          {chunk
            ? 'Part of the application did not arrive, perhaps because the network changed or a new version was installed. Reloading fetches it again.'
            : 'The page stopped with an error. Reloading usually helps; if it does not, the error is in the browser console.'}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Reload
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/" reloadDocument>
            <Home aria-hidden="true" />
            {UI_TEXT.returnHome}
          </Link>
        </Button>
      </div>
    </main>
  );
}
