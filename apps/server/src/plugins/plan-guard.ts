import {
  featureOfApiPath,
  featureUnlockedBy,
  planRequiredMessage,
  type TPlanFeature,
  type TTier,
  tierIncludes,
} from '@netguard/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { caller } from './auth-guard.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The plan feature the route belongs to (contracts PLAN_FEATURES), set from its path. */
    plan?: TPlanFeature;
  }
}

/** A plan-gated route, e.g. `GET /api/siem/integrations` needs the siem feature. */
export type DeclaredPlan = { method: string; url: string; feature: TPlanFeature };

/** 402 for a feature the organization's plan lacks, naming the tier that unlocks it. */
export const planRequired = (feature: TPlanFeature) =>
  new AppError('payment_required', 402, planRequiredMessage(feature), {
    feature,
    tier: featureUnlockedBy(feature),
  });

/**
 * The one plan guard: every route of this scope under a gated API path of the plan matrix gets
 * that feature (listed in `registry`, the app's routePlans), and a caller whose organization's
 * plan lacks it gets 402 with the tier that unlocks it. Runs after the permission guard: a role
 * that may not use the feature learns that first, whatever the plan.
 */
export function addPlanGuard(
  app: FastifyInstance,
  tierOf: (organizationId: string) => Promise<TTier>,
  registry: DeclaredPlan[],
): void {
  app.addHook('onRoute', (route) => {
    const feature = featureOfApiPath(route.url);
    if (!feature) return;
    route.config = { ...route.config, plan: feature };
    for (const method of [route.method].flat())
      if (method !== 'HEAD') registry.push({ method, url: route.url, feature });
  });
  app.addHook('onRequest', async (request) => {
    const feature = request.routeOptions.config.plan;
    if (!feature) return;
    if (!tierIncludes(await tierOf(caller(request).organizationId), feature))
      throw planRequired(feature);
  });
}
