import { featureOfPage, type TPlanFeature, tierIncludes } from '@netguard/contracts';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { UpgradeCard } from '@/features/plans/components/UpgradeCard';
import { useSubscription } from '@/features/subscription/subscription-context';

/**
 * Renders `children` only when the organization's plan includes `feature`; otherwise its upgrade
 * card, so the page's own calls (which the server answers 402) are never made.
 */
export function PlanGate({ feature, children }: { feature: TPlanFeature; children: ReactNode }) {
  const { tier, loading } = useSubscription();
  if (loading)
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Checking your plan" />
      </div>
    );
  if (!tierIncludes(tier, feature)) return <UpgradeCard feature={feature} tier={tier} />;
  return children;
}

/** The dashboard's page, behind its plan gate when the plan matrix names it (PLAN_FEATURES pages). */
export function GatedOutlet() {
  const { pathname } = useLocation();
  const feature = featureOfPage(pathname.replace(/\/+$/, ''));
  if (!feature) return <Outlet />;
  return (
    <PlanGate feature={feature}>
      <Outlet />
    </PlanGate>
  );
}
