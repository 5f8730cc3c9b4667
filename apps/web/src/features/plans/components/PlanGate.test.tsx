import {
  PLAN_FEATURE_KEYS,
  PLAN_FEATURES,
  PLANS,
  type TTier,
  tierIncludes,
  UNSUBSCRIBED,
} from '@netguard/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlanCards } from '@/features/billing/components/PlanCards';
import {
  SubscriptionContext,
  type TSubscriptionContext,
} from '@/features/subscription/subscription-context';
import { GatedOutlet } from './PlanGate';

const PAGE = 'the gated page itself';

/** The dashboard route `path` behind the gate, on a plan of `tier`; the page marks itself. */
function render(path: string, tier: TTier, loading = false) {
  const subscription: TSubscriptionContext = {
    ...UNSUBSCRIBED,
    subscribed: tier !== 'Free',
    tier,
    loading,
    refresh: async () => undefined,
  };
  return renderToStaticMarkup(
    <SubscriptionContext.Provider value={subscription}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard" element={<GatedOutlet />}>
            <Route path="*" element={<p>{PAGE}</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SubscriptionContext.Provider>,
  );
}

const gatedPages = PLAN_FEATURE_KEYS.flatMap((feature) =>
  PLAN_FEATURES[feature].pages.map((page) => ({ feature, page })),
);

describe('gated pages', () => {
  it('gates the six Enterprise pages', () => {
    expect(gatedPages.map((p) => p.page).sort()).toEqual([
      '/dashboard/ai-risk-scoring',
      '/dashboard/automated-remediation',
      '/dashboard/cloud',
      '/dashboard/compliance-evidence',
      '/dashboard/enterprise-security',
      '/dashboard/siem-integrations',
    ]);
  });

  for (const { feature, page } of gatedPages)
    for (const tier of ['Free', 'Unknown', 'Professional', 'Enterprise'] as const)
      it(`${page} on ${tier}: ${tierIncludes(tier, feature) ? 'the page' : 'its upgrade card'}`, () => {
        const html = render(page, tier);
        if (tierIncludes(tier, feature)) {
          expect(html).toContain(PAGE);
          expect(html).not.toContain('data-testid="upgrade-card"');
          return;
        }
        // Not the page: none of its calls are made.
        expect(html).not.toContain(PAGE);
        expect(html).toContain('data-testid="upgrade-card"');
        expect(html).toContain(PLAN_FEATURES[feature].name);
        expect(html).toContain(PLAN_FEATURES[feature].what.replaceAll("'", '&#x27;'));
        expect(html).toContain('Included in the Enterprise plan.');
        expect(html).toMatch(/<a [^>]*href="\/dashboard\/billing"[^>]*>Upgrade<\/a>/);
      });

  it('shows neither page nor card while the plan is being checked, and leaves other pages alone', () => {
    const checking = render('/dashboard/cloud', 'Free', true);
    expect(checking).not.toContain(PAGE);
    expect(checking).not.toContain('upgrade-card');
    expect(render('/dashboard/scan', 'Free')).toContain(PAGE);
    expect(render('/dashboard/cloud/', 'Free')).toContain('upgrade-card');
  });
});

describe('the Billing page and the plan matrix', () => {
  it('sells on each plan card exactly the features that plan unlocks', () => {
    const html = renderToStaticMarkup(
      <PlanCards current="Free" processing={false} onCheckout={() => {}} onPortal={() => {}} />,
    );
    const cards = Object.fromEntries(
      PLANS.map((plan) => {
        const start = html.indexOf(`aria-label="${plan.tier} plan"`);
        const next = PLANS.map((p) => html.indexOf(`aria-label="${p.tier} plan"`))
          .filter((i) => i > start)
          .sort((a, b) => a - b)[0];
        return [plan.tier, html.slice(start, next)];
      }),
    );
    for (const feature of PLAN_FEATURE_KEYS) {
      const { card, tier } = PLAN_FEATURES[feature];
      expect(cards[tier], `${feature} on the ${tier} card`).toContain(card);
      for (const other of PLANS.filter((p) => p.tier !== tier))
        expect(cards[other.tier], `${feature} not on the ${other.tier} card`).not.toContain(
          `${card}</li>`,
        );
    }
  });
});
