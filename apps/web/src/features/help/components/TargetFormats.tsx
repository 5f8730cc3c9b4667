import { Target } from 'lucide-react';
import { cn } from '@/lib/utils';
import { TARGET_FORMATS } from '../target-formats';
import { ReferenceHeading } from './ReferenceHeading';

export function TargetFormats() {
  return (
    <section className="space-y-3">
      <ReferenceHeading icon={Target}>Target formats</ReferenceHeading>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {TARGET_FORMATS.map((format, index) => (
          <div
            key={format.label}
            className={cn(
              'rounded-lg border bg-muted/40 p-3',
              // The comma list is the longest example: give it the rest of the last row.
              index === TARGET_FORMATS.length - 1 && 'sm:col-span-2',
            )}
          >
            <dt className="text-xs font-medium text-muted-foreground">{format.label}</dt>
            <dd className="mt-1 space-y-1">
              <code className="font-mono text-sm font-medium">{format.example}</code>
              <p className="text-xs text-muted-foreground">{format.note}</p>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
