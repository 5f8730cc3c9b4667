import {
  featureLines,
  featureUnlockedBy,
  PLAN_FEATURES,
  PLAN_GATE_TEXT,
  type TPlanFeature,
  type TTier,
} from '@netguard/contracts';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { FeatureList } from '@/features/billing/components/PlanParts';
import { useDocumentTitle } from '@/hooks/use-document-title';

type Props = { feature: TPlanFeature; tier: TTier };

/**
 * Shown instead of a page the organization's plan does not include: what the feature does, the
 * plan that unlocks it (with the rest of what that plan sells) and an Upgrade button.
 */
export function UpgradeCard({ feature, tier }: Props) {
  const { name, what } = PLAN_FEATURES[feature];
  const unlocking = featureUnlockedBy(feature);
  useDocumentTitle(name);
  return (
    <div className="mx-auto max-w-2xl py-4 sm:py-10">
      <Card data-testid="upgrade-card" role="region" aria-label={`${name}: upgrade`}>
        <CardHeader className="gap-3">
          <div className="flex items-center justify-between gap-3">
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Lock className="size-5" aria-hidden="true" />
            </span>
            <Badge variant="secondary">{unlocking} plan</Badge>
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{name}</h1>
          <p className="text-muted-foreground">{what}</p>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm font-medium">
            {PLAN_GATE_TEXT.unlockedBy(feature)} {PLAN_GATE_TEXT.currentPlan(tier)}
          </p>
          <FeatureList
            className="grid gap-2 text-sm sm:grid-cols-2"
            label={`${unlocking} plan features`}
            lines={featureLines(unlocking)}
          />
        </CardContent>
        <CardFooter>
          <Button asChild className="w-full sm:w-auto">
            <Link to="/dashboard/billing">{PLAN_GATE_TEXT.upgrade}</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
