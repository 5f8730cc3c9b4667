import { CircleCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ProductFeature } from '../features-data';

type FeatureCardProps = { feature: ProductFeature };

export function FeatureCard({ feature }: FeatureCardProps) {
  const Icon = feature.icon;
  return (
    <Card className="gap-5">
      <CardHeader>
        <div className="flex items-center gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" />
          </div>
          <div className="space-y-1">
            <CardTitle className="text-lg">{feature.title}</CardTitle>
            <CardDescription>{feature.description}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2.5">
          {feature.capabilities.map((capability) => (
            <li key={capability} className="flex gap-2 text-sm leading-relaxed">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" />
              {capability}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
