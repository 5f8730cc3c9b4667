import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import type { QuickAction } from '../quick-actions';

type QuickActionCardProps = { action: QuickAction };

export function QuickActionCard({ action }: QuickActionCardProps) {
  const Icon = action.icon;
  return (
    <Card className="gap-4 transition-shadow hover:shadow-md">
      <CardHeader className="gap-2">
        <div className="mb-1 flex items-center justify-between gap-2">
          <div className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" />
          </div>
          <Badge variant="secondary">{action.badge}</Badge>
        </div>
        <CardTitle className="text-base">{action.title}</CardTitle>
        <CardDescription>{action.description}</CardDescription>
      </CardHeader>
      <CardFooter className="mt-auto">
        <Button asChild size="sm" className="w-full">
          <Link to={action.to}>
            Start Now
            <ArrowRight />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
