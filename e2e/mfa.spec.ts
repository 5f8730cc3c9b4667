import { expect, type Page, test } from '@playwright/test';
import { totpCode } from '../apps/server/test/totp-code.ts';
import { subscribeInDatabase } from './db.ts';
import { newAccount, PASSWORD, shoot } from './support.ts';

test.use({ viewport: { width: 1280, height: 1400 } });

/** The password step; the Two-step verification form should follow. */
async function passwordStep(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('form', { name: 'Two-step verification' })).toBeVisible();
  // No session yet: the dashboard still sends a signed-out visitor away.
  expect(page.url()).toMatch(/\/auth$/);
}

async function secondStep(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function signOut(page: Page) {
  await page.getByTestId('sign-out-button').click();
  await expect(page).toHaveURL(/\/auth$/);
}

test('MFA: enable TOTP from the shown secret, then sign in with a code and with a single-use backup code', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = await newAccount(page, 'mfa');
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  // Free accounts do not see the card.
  await expect(page.getByText('Multi-Factor Authentication')).toHaveCount(0);

  await subscribeInDatabase(email);
  await page.reload();
  await expect(page.getByText('Off: your password alone signs you in.')).toBeVisible();
  await page.getByLabel('Multi-factor authentication').click();
  await page.getByRole('button', { name: 'Enable MFA' }).click();
  await expect(page.getByText('MFA setup initiated')).toBeVisible();
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const code = page.getByLabel('Enter 6-digit code');
  const verify = page.getByRole('button', { name: 'Verify' });
  const current = totpCode(secret);
  await code.fill(current.slice(0, 5));
  await expect(verify).toBeDisabled();
  await code.clear();
  await code.pressSequentially(`${current}9`);
  await expect(code).toHaveValue(current);
  await shoot(page, 'mfa-setup');
  await verify.click();
  await expect(page.getByText('MFA enabled successfully')).toBeVisible();

  const backupCodes = await page.getByTestId('backup-code').allTextContents();
  expect(backupCodes).toHaveLength(10);
  await page.getByRole('button', { name: `Copy backup code ${backupCodes[0]}` }).click();
  await expect(page.getByText('Backup code copied')).toBeVisible();
  await expect(page.getByRole('button', { name: `Copy backup code ${backupCodes[0]}` })).toHaveText(
    'Copied',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes[0]);
  // The copied indicator lasts 2 s.
  await expect(
    page.getByRole('button', { name: `Copy backup code ${backupCodes[0]}` }),
  ).not.toHaveText('Copied', { timeout: 3500 });
  await shoot(page, 'mfa-backup-codes');
  await page.getByRole('button', { name: 'I have saved my backup codes' }).click();
  await expect(page.getByText('10 of 10 backup codes left')).toBeVisible();

  // Sign in again: the password alone is not enough.
  await signOut(page);
  await passwordStep(page, email);
  await shoot(page, 'mfa-sign-in');
  await secondStep(page, '000000' === totpCode(secret) ? '111111' : '000000');
  await expect(page.getByText('Error signing in')).toBeVisible();
  // The next time step's code: the one used to verify may not be replayed.
  await secondStep(page, totpCode(secret, Date.now() + 30_000));
  await expect(page).toHaveURL(/\/dashboard(\/settings)?$/);

  // A backup code works once.
  const [backup] = backupCodes as [string];
  await signOut(page);
  await passwordStep(page, email);
  await secondStep(page, backup);
  await expect(page).toHaveURL(/\/dashboard(\/settings)?$/);
  await page.goto('/dashboard/settings');
  await expect(page.getByText('9 of 10 backup codes left')).toBeVisible();

  await signOut(page);
  await passwordStep(page, email);
  await secondStep(page, backup);
  await expect(page.getByText('Error signing in')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});
