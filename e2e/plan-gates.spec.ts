import {
  featureOfApiPath,
  PLAN_FEATURE_KEYS,
  PLAN_FEATURES,
  planRequiredMessage,
} from '@netguard/contracts';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, PASSWORD, shoot } from './support.ts';

/** Every page the plan matrix gates, with its feature. */
const GATED = PLAN_FEATURE_KEYS.flatMap((feature) =>
  PLAN_FEATURES[feature].pages.map((page) => ({ feature, page })),
);

/** The gated API calls the page makes while open (none may go out for a plan without it). */
function recordGatedCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (featureOfApiPath(pathname)) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

test('a Free account sees an upgrade card on every gated page, makes none of their calls, and gets 402 from their API', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await newAccount(page, 'plan-free');
  const calls = recordGatedCalls(page);
  for (const { feature, page: path } of GATED) {
    await page.goto(path);
    const card = page.getByTestId('upgrade-card');
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { level: 1 })).toHaveText(PLAN_FEATURES[feature].name);
    await expect(card).toContainText(PLAN_FEATURES[feature].what);
    await expect(card).toContainText('Included in the Enterprise plan. You are on the Free plan.');
    await expect(card.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
    await expect(page).toHaveTitle(`${PLAN_FEATURES[feature].name} | NetGuard`);
  }
  expect(calls).toEqual([]);

  // One card at both widths.
  await page.goto('/dashboard/siem-integrations');
  await expect(page.getByTestId('upgrade-card')).toBeVisible();
  await shoot(page, 'plan-gate-siem-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('upgrade-card')).toBeVisible();
  await shoot(page, 'plan-gate-siem-390');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Upgrade leads to the Billing page, whose Enterprise card sells what the card said.
  await page.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  const enterprise = page.getByRole('group', { name: 'Enterprise plan' });
  for (const { feature } of GATED)
    await expect(enterprise).toContainText(PLAN_FEATURES[feature].card);

  // The API answers the same: 402 and the plan that unlocks it.
  const session = await (
    await page.request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })
  ).json();
  const headers = { Authorization: `Bearer ${session.access_token}` };
  for (const [url, feature] of [
    ['/api/siem/integrations', 'siem'],
    ['/api/cloud/connections', 'cloud'],
    ['/api/remediation/overview', 'remediation'],
    ['/api/risk/summary', 'risk_scoring'],
    ['/api/security/metrics', 'security_center'],
    ['/api/analytics/overview', 'analytics'],
  ] as const) {
    const res = await page.request.get(url, { headers });
    expect(res.status(), url).toBe(402);
    expect((await res.json()).error).toMatchObject({
      code: 'payment_required',
      message: planRequiredMessage(feature),
      details: { feature, tier: PLAN_FEATURES[feature].tier },
    });
  }
});

test('an Enterprise account sees the real pages', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await newAccount(page, 'plan-enterprise', 'Enterprise');
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 402) refused.push(response.url());
  });
  const calls = recordGatedCalls(page);
  for (const { page: path } of GATED) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('upgrade-card')).toHaveCount(0);
  }
  expect(calls.length).toBeGreaterThan(GATED.length);
  expect(refused).toEqual([]);
});
