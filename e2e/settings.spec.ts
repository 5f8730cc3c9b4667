import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { subscribeInDatabase } from './db.ts';
import { newAccount, PASSWORD, shoot } from './support.ts';

const NEW_PASSWORD = 'N3w!Passw0rd-long';

test('settings: profile, notifications, API configuration, API keys, password, export, delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(page, 'settings');
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByText('Email cannot be changed. Contact support if needed.')).toBeVisible();
  await page.getByLabel('Company Name').fill('Example Corp');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  await page.getByLabel('Report Notifications').click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Report Notifications')).toHaveAttribute('data-state', 'checked');
  await expect(page.getByLabel('Company Name')).toHaveValue('Example Corp');

  await page.getByLabel('Max Concurrent Scans').fill('11');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText('Max concurrent scans must be between 1 and 10')).toBeVisible();
  await page.getByLabel('Max Concurrent Scans').fill('5');
  await page.getByLabel('Auto Scan Frequency').click();
  await page.getByRole('option', { name: 'Daily' }).click();
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText('API configuration saved')).toBeVisible();
  await expect(page.getByText(/Re-runs your last scan next on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();

  await subscribeInDatabase(email);
  await page.reload();
  await expect(page.getByLabel('Max Concurrent Scans')).toHaveValue('5');
  await page.getByLabel('API Key', { exact: true }).fill('CI pipeline');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('API Key generated')).toBeVisible();
  const key = (await page.getByTestId('new-api-key').textContent()) ?? '';
  expect(key).toMatch(/^ngk_[0-9a-f]{64}$/);
  const keys = page.getByRole('list', { name: 'Your API keys' });
  await expect(keys).toContainText('CI pipeline');
  await expect(keys).toContainText(key.slice(0, 12));
  const viaKey = await page.request.get('/api/scans', {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(viaKey.status()).toBe(200);
  await shoot(page, 'settings');
  await keys.getByRole('button', { name: 'Revoke CI pipeline' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  const revoked = await page.request.get('/api/scans', {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(revoked.status()).toBe(401);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Data' }).click();
  const exported = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  expect(exported.user.email).toBe(email);
  expect(exported.profile.companyName).toBe('Example Corp');

  // A password change can revoke the API keys too.
  await page.getByLabel('API Key', { exact: true }).fill('Nightly');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByTestId('new-api-key')).not.toHaveText(key);
  const nightly = (await page.getByTestId('new-api-key').textContent()) ?? '';
  await page.getByRole('button', { name: 'Password Change' }).click();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.locator('#change-revoke-api-keys').check();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  const afterChange = await page.request.get('/api/scans', {
    headers: { Authorization: `Bearer ${nightly}` },
  });
  expect(afterChange.status()).toBe(401);

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByLabel('Confirmation').fill('DELETE');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await shoot(page, 'settings-delete');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard/);
  const gone = await page.request.post('/api/auth/sign-in', {
    data: { email, password: NEW_PASSWORD },
  });
  expect(gone.status()).toBe(401);
});
