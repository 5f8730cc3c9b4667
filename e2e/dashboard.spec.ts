import { expect, type Page, test } from '@playwright/test';
import { connectE2eDatabase, subscribeInDatabase } from './db.ts';
import { newAccount, shoot, shootWidths } from './support.ts';
import { seedFindings } from './vulnerability-seed.ts';

const metric = (page: Page, label: string) =>
  page.locator(`[data-testid="metric"][data-label="${label}"]`);

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

  // No scan yet: "—" and why, never 85 / 72 / 94 / 94. Policy Compliance comes from compliance
  // evidence, an Enterprise feature: the Free plan sees no figure, only where it is available.
  const overview = page.getByTestId('security-overview');
  for (const label of ['Network Coverage', 'Vulnerability Mitigation']) {
    await expect(metric(page, label).getByTestId('metric-value')).toHaveText('—');
    await expect(metric(page, label).getByTestId('metric-missing')).toHaveText('No scan yet');
  }
  await expect(metric(page, 'Policy Compliance').getByTestId('metric-value')).toHaveText('—');
  await expect(metric(page, 'Policy Compliance').getByTestId('metric-missing')).toHaveText(
    'Available on Enterprise',
  );
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

  // An Enterprise subscriber's fresh audit: 27 findings, a low security score, and no evidence
  // collected yet: every compliance figure reads "Not assessed", none a number.
  await page.setViewportSize({ width: 1440, height: 900 });
  await seedCompletedScan(email);
  await seedFindings(email, 27);
  await subscribeInDatabase(email, 'Enterprise');
  await page.reload();
  await expect(metric(page, 'Policy Compliance').getByTestId('metric-missing')).toHaveText(
    'Not assessed',
  );
  await expect(metric(page, 'Policy Compliance').getByTestId('metric-value')).toHaveText('—');

  await page.getByRole('tab', { name: 'Security Posture' }).click();
  for (const label of ['ISO 27001', 'SOC 2', 'NIST Framework']) {
    await expect(metric(page, label).getByTestId('metric-value')).toHaveText('—');
    await expect(metric(page, label).getByTestId('metric-missing')).toHaveText('Not assessed');
  }
  await expect(page.getByTestId('posture-policy-compliance')).toContainText(
    'Policy Compliance (Overview): Not assessed',
  );
  await metric(page, 'NIST Framework').getByRole('button').hover();
  await expect(page.getByRole('tooltip')).toContainText(
    'NIST CSF score from compliance evidence: compliant requirements as a share of those with a verdict',
  );
  await expect(page.getByRole('tooltip')).toContainText('requirements has evidence yet');
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
