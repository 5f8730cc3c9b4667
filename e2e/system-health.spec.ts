import { HEALTH_TEXT } from '@netguard/contracts';
import { expect, test } from '@playwright/test';
import { runNetguardCli } from './db.ts';
import { newAccount, shootWidths } from './support.ts';

test('the System Test page shows the live health figures; deployment ones to operators', async ({
  page,
}) => {
  const email = await newAccount(page, 'system-health');
  await page.goto('/dashboard/system-test');
  const health = page.getByRole('region', { name: 'Health' });
  const figure = (title: string) => health.getByTestId('health-figure').filter({ hasText: title });
  await expect(figure(HEALTH_TEXT.organizationRows)).toContainText('tables', { timeout: 30_000 });
  await expect(figure('Realtime round trip')).toContainText('Working');
  await expect(figure('Mail transport')).toContainText('Outbox');
  await expect(health.getByText(HEALTH_TEXT.deploymentOnly)).toBeVisible();
  await expect(figure('Job queue')).toHaveCount(0);
  await shootWidths(page, 'system-test-health');

  runNetguardCli('operators', 'add', email);
  await health.getByRole('button', { name: 'Refresh' }).click();
  await expect(figure('Job queue')).toContainText('waiting', { timeout: 30_000 });
  await expect(figure('Free disk of the data folder')).toContainText('free');
  await expect(figure('Rows of the deployment')).toContainText('tables');
  await expect(health.getByText(HEALTH_TEXT.deploymentOnly)).toHaveCount(0);
  await shootWidths(page, 'system-test-health-operator');
});
