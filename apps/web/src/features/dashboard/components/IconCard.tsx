import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type IconCardProps = {
  icon: LucideIcon;
  title: string;
  contentClassName?: string;
  children: ReactNode;
};

/** A dashboard card whose title carries an icon. */
export function IconCard({ icon: Icon, title, contentClassName, children }: IconCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
