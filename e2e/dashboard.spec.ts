import { expect, type Page, test } from '@playwright/test';
import { connectE2eDatabase, subscribeInDatabase } from './db.ts';
import { newAccount, shoot, shootWidths } from './support.ts';
import { seedFindings } from './vulnerability-seed.ts';

const metric = (page: Page, label: string) =>
  page.locator(`[data-testid="metric"][data-label="${label}"]`);
const percentOf = async (page: Page, label: string) =>
  Number((await metric(page, label).getByTestId('metric-value').textContent())?.replace('%', ''));

/** A completed 1.1 s Vulnerability Scan of one documentation address, as the worker leaves it. */
async function seedCompletedScan(email: string): Promise<void> {
  const db = await connectE2eDatabase();
  try {
    await db.query(
      `insert into scans (user_id, organization_id, scan_name, scan_type, target_hosts, status, progress,
                          created_at, started_at, completed_at)
       select u.id, r.organization_id, 'Intranet audit', 'vulnerability', array['192.0.2.10'], 'completed', 100,
              now() - interval '2 hours', now() - interval '1 hour 1.1 seconds', now() - interval '1 hour'
       from users u join user_roles r on r.user_id = u.id where u.email = $1`,
      [email],
    );
  } finally {
    await db.end();
  }
}

test('dashboard: a new account sees no invented figure; compliance reads the same on every tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await newAccount(page, 'dashboard-new');

  // No scan yet: "—" and why, never 85 / 72 / 94 / 94. Policy Compliance is the measured
  // controls (no MFA, no scan: 3 of 5 pass), the Enterprise Security Center's score.
  const overview = page.getByTestId('security-overview');
  for (const label of ['Network Coverage', 'Vulnerability Mitigation']) {
    await expect(metric(page, label).getByTestId('metric-value')).toHaveText('—');
    await expect(metric(page, label).getByTestId('metric-missing')).toHaveText('No scan yet');
  }
  await expect(metric(page, 'Policy Compliance').getByTestId('metric-value')).toHaveText('60%');
  const success = page.getByTestId('stat-card').filter({ hasText: 'Success Rate' });
  await expect(success).toContainText('—');
  await expect(success).toContainText('No scan yet');
  await expect(page.getByRole('main')).not.toContainText(/\b(85|72|94) ?%/);
  await metric(page, 'Policy Compliance')
    .getByRole('button', { name: /How Policy/ })
    .hover();
  await expect(page.getByRole('tooltip')).toContainText(
    'The Enterprise Security Center’s compliance score',
  );
  await shoot(page, 'dashboard-new-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await overview.scrollIntoViewIfNeeded();
  await shoot(page, 'dashboard-new-390', { fullPage: false });

  // A subscriber's fresh audit: 27 findings, none overdue yet, a low security score.
  await page.setViewportSize({ width: 1440, height: 900 });
  await seedCompletedScan(email);
  await seedFindings(email, 27);
  await subscribeInDatabase(email);
  await page.reload();
  await expect(metric(page, 'Policy Compliance').getByTestId('metric-value')).toHaveText(/^\d+%$/);
  const policy = await percentOf(page, 'Policy Compliance');

  await page.getByRole('tab', { name: 'Security Posture' }).click();
  await expect(metric(page, 'NIST Framework').getByTestId('metric-value')).toHaveText(/^\d+%$/);
  const frameworks = await Promise.all(
    ['ISO 27001', 'SOC 2', 'NIST Framework'].map((label) => percentOf(page, label)),
  );
  expect(policy).toBe(Math.round(frameworks.reduce((a, b) => a + b, 0) / 3));
  await expect(page.getByTestId('posture-policy-compliance')).toContainText(
    `Policy Compliance (Overview): ${policy}%`,
  );
  await metric(page, 'NIST Framework').getByRole('button').hover();
  await expect(page.getByRole('tooltip')).toContainText('measured controls mapped to NIST CSF');
  await expect(page.getByRole('tooltip')).toContainText('Fail: MFA coverage (PR.AA-03)');
  await shoot(page, 'dashboard-posture-1440');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByTestId('security-score')).toHaveText(/^\d+\/100$/);
  // Seconds below a minute: the 1.1 s scan does not read "0m".
  await expect(
    page.getByTestId('analytics-row').filter({ hasText: 'Average duration' }),
  ).toContainText('1.1 s');
  await shootWidths(page, 'dashboard-analytics');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Security Posture' }).click();
  await shoot(page, 'dashboard-posture-390');
});
