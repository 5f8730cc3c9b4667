import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { GuideStep } from '../guide-steps';
import { NumberedTips } from './NumberedTips';

type GuideStepCardProps = { step: GuideStep; number: number; children?: ReactNode };

export function GuideStepCard({ step, number, children }: GuideStepCardProps) {
  const Icon = step.icon;
  return (
    <Card id={step.id} className="scroll-mt-6 gap-5">
      <CardHeader>
        <div className="flex items-start gap-4">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" />
          </div>
          <div className="space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle className="text-lg">{step.title}</CardTitle>
              <Badge variant="outline">Step {number}</Badge>
            </div>
            <CardDescription>{step.summary}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <NumberedTips tips={step.tips} />
        {children}
        {step.links && (
          <div className="flex flex-wrap gap-2">
            {step.links.map((link) => (
              <Button key={link.to} asChild variant="outline" size="sm">
                <Link to={link.to}>
                  {link.label}
                  <ArrowRight />
                </Link>
              </Button>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
