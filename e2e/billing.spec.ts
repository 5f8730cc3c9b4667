import { expect, type Page, test } from '@playwright/test';
import { connectE2eDatabase } from './db.ts';
import { newAccount, shoot } from './support.ts';

// Tall enough that full-page screenshots need no scrolling under the sticky header.
test.use({ viewport: { width: 1280, height: 1400 } });

/** Three scans, two findings and a report this month, as the scanner would leave them. */
async function seedUsage(email: string) {
  const db = await connectE2eDatabase();
  try {
    await db.query(
      `with owner as (
         select u.id as user_id, r.organization_id from users u join user_roles r on r.user_id = u.id where u.email = $1
       ), scans_in as (
         insert into scans (user_id, organization_id, scan_name, scan_type, target_hosts, status, progress)
         select user_id, organization_id, 'Seeded scan ' || g, 'network', array['127.0.0.1'], 'completed', 100
         from owner, generate_series(1, 3) g
       ), findings as (
         insert into vulnerabilities (user_id, organization_id, title, host, port, vulnerability_type, severity,
                                      risk_score, finding_key, due_at)
         select user_id, organization_id, 'Seeded finding ' || g, '127.0.0.1', 20 + g, 'misconfiguration',
                'high', 70, 'billing-seed|' || g, now() + interval '7 days'
         from owner, generate_series(1, 2) g
       )
       insert into reports (user_id, organization_id, report_type, title)
       select user_id, organization_id, 'executive', 'Seeded report' from owner`,
      [email],
    );
  } finally {
    await db.end();
  }
}

/** Clicks `button` on the Billing page and returns the tab it opens. */
async function openTab(page: Page, button: string): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: button }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  return tab;
}

/** Confirms the local checkout in its own tab, then closes the tab. */
async function confirmCheckout(checkout: Page, tier: string, price: string, shot: string) {
  await expect(checkout).toHaveURL(/\/dashboard\/billing\/checkout\/[0-9a-f-]{36}$/);
  await expect(checkout.getByText(tier, { exact: true })).toBeVisible();
  await expect(checkout.getByText(price, { exact: true })).toBeVisible();
  await shoot(checkout, shot);
  await checkout.getByRole('button', { name: 'Confirm Subscription' }).click();
  await expect(checkout.getByText(`You're on the ${tier} plan`)).toBeVisible();
  await checkout.close();
}

test('billing: a Free user upgrades in the local checkout tab, the page picks it up, Manage Billing cancels', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await seedUsage(await newAccount(page, 'billing'));
  await page.goto('/dashboard/billing');
  const current = page.getByTestId('current-plan');
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage.getByTestId('stat-card')).toHaveText([
    /Scans This Month3/,
    /Vulnerabilities Found2/,
    /Reports Generated1/,
  ]);
  await expect(current).toContainText('Free');
  await expect(current.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('of 5 on the Free plan, at most 10 targets each')).toBeVisible();
  const plan = (tier: string) => page.getByRole('group', { name: `${tier} plan` });
  await expect(plan('Free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(plan('Professional')).toContainText('$99');
  await expect(plan('Enterprise')).toContainText('$299');
  await expect(page.getByText('Billing Information')).toHaveCount(0);
  await shoot(page, 'billing-free');

  // A failing checkout call raises the spec's toast and opens nothing.
  await page.route('**/api/billing/create-checkout', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'service_unavailable', message: 'Try later' } }),
    }),
  );
  await page.getByRole('button', { name: 'Upgrade to Professional' }).click();
  await expect(page.getByText('Error starting checkout')).toBeVisible();
  await page.unroute('**/api/billing/create-checkout');

  const checkout = await openTab(page, 'Upgrade to Professional');
  await confirmCheckout(checkout, 'Professional', '$99', 'billing-checkout');

  // No reload: the page's 3-second re-check brings the new plan.
  await expect(current).toContainText('Professional', { timeout: 15_000 });
  await expect(page.getByText('Waiting for your billing change')).toHaveCount(0);
  await expect(page.getByText('Billing Information')).toBeVisible();
  await expect(plan('Professional').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(page.getByText('Unlimited on your plan')).toBeVisible();
  await expect(page.getByTestId('next-billing-date')).not.toHaveText('—');
  await shoot(page, 'billing-professional');

  await confirmCheckout(
    await openTab(page, 'Upgrade to Enterprise'),
    'Enterprise',
    '$299',
    'billing-checkout-enterprise',
  );
  await expect(page.getByText("You're on the Enterprise plan!")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('group', { name: 'Free plan' })).toHaveCount(0);
  await shoot(page, 'billing-enterprise');

  const portal = await openTab(page, 'Manage Billing');
  await expect(portal).toHaveURL(/\/dashboard\/billing\/portal$/);
  await expect(portal.getByTestId('portal-plan')).toContainText('Enterprise');
  await shoot(portal, 'billing-portal');
  await portal.getByRole('button', { name: 'Cancel Plan' }).click();
  await portal.getByRole('button', { name: 'Confirm Cancellation' }).click();
  await expect(portal.getByText('Plan cancelled')).toBeVisible();
  await expect(portal.getByTestId('portal-plan')).toContainText('Free');
  await portal.close();

  await expect(current).toContainText('Free', { timeout: 15_000 });
  await expect(plan('Free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
});
