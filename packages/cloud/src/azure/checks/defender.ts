// Microsoft Defender for Cloud: each plan of DEFENDER_PLANS must be on the Standard tier. A plan
// the subscription does not list is off.
import {
  AZURE_DEFENDER_PREFIX,
  DEFENDER_PLANS,
  type DefenderPlan,
} from '../../catalog/azure-defender.ts';
import type { CheckFn } from '../../shared/run-scan.ts';
import type { AzureData } from '../collect.ts';

const planCheck =
  (plan: DefenderPlan): CheckFn<AzureData> =>
  (data) => {
    const pricing = data.pricings.find((p) => p.name === plan.pricing);
    if (pricing?.tier === 'Standard') return [];
    return [
      {
        resourceId: `/subscriptions/${data.subscriptionId}/providers/Microsoft.Security/pricings/${plan.pricing}`,
        region: 'global',
        detail: `Defender plan ${plan.pricing} is ${pricing ? `on the ${pricing.tier} tier` : 'not listed'}.`,
        evidence: { pricing: plan.pricing, tier: pricing?.tier ?? null },
      },
    ];
  };

export const defenderChecks: Record<string, CheckFn<AzureData>> = Object.fromEntries(
  DEFENDER_PLANS.map((plan) => [`${AZURE_DEFENDER_PREFIX}_${plan.key}_off`, planCheck(plan)]),
);
