import { ArrowLeft, BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function HelpHeader() {
  return (
    <header className="space-y-5">
      <Button asChild variant="ghost" size="sm" className="-ml-2.5 text-muted-foreground">
        <Link to="/dashboard">
          <ArrowLeft />
          Back to Dashboard
        </Link>
      </Button>
      <div className="flex items-start gap-4">
        <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <BookOpen className="size-6" />
        </div>
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Help &amp; User Guide</h1>
          <p className="text-muted-foreground">
            Learn how to scan, analyse and secure the networks you are responsible for.
          </p>
        </div>
      </div>
    </header>
  );
}
