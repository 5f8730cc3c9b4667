import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { MetricInfo } from '@/features/dashboard/components/MetricInfo';
import { cn } from '@/lib/utils';

type StatCardProps = {
  title: string;
  value: string | number;
  detail: string;
  icon: LucideIcon;
  tone?: 'blue' | 'red' | 'violet' | 'emerald';
  /** How the value is computed, shown on hover. */
  definition?: string;
};

const TONES = {
  blue: 'bg-blue-50 text-blue-600',
  red: 'bg-red-50 text-red-600',
  violet: 'bg-violet-50 text-violet-600',
  emerald: 'bg-emerald-50 text-emerald-600',
} as const;

/** One figure of the Overview: title, value, a short detail line and an icon. */
export function StatCard({
  title,
  value,
  detail,
  icon: Icon,
  tone = 'blue',
  definition,
}: StatCardProps) {
  return (
    <Card className="gap-3 py-4 sm:py-6" data-testid="stat-card">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4 sm:px-6">
        <CardTitle className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          {title}
          {definition && <MetricInfo label={title} definition={definition} />}
        </CardTitle>
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-9',
            TONES[tone],
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <p className="text-2xl font-bold tracking-tight sm:text-3xl">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}
