import { Construction } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

type PagePlaceholderProps = { title: string };

/** Stands in for a dashboard page that a later issue builds: its title and nothing invented. */
export function PagePlaceholder({ title }: PagePlaceholderProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <Card>
        <CardContent className="flex items-center gap-3 text-muted-foreground">
          <Construction className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>This feature is being built and will be available in an upcoming release.</p>
        </CardContent>
      </Card>
    </div>
  );
}
