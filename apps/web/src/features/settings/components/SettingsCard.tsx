import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type Props = {
  title: string;
  description: string;
  icon: LucideIcon;
  danger?: boolean;
  children: ReactNode;
};

/** One card of the Settings page: icon, title, one line of description, then its controls. */
export function SettingsCard({ title, description, icon: Icon, danger, children }: Props) {
  return (
    <Card className={cn(danger && 'border-destructive/50')}>
      <CardHeader>
        <CardTitle className={cn('flex items-center gap-2', danger && 'text-destructive')}>
          <Icon className="size-5" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}
