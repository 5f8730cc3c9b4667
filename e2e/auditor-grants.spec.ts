import { expect, test } from '@playwright/test';
import {
  newAccount,
  readMailLink,
  SCREENSHOT_DIR,
  shootWidths,
  signIn,
  signUp,
  uniqueEmail,
} from './support.ts';

const PAGE = '/dashboard/compliance-evidence';
const DAY_MS = 86_400_000;
/** A UTC day `offset` days from today, as <input type="date"> takes it. */
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

test('An Enterprise admin invites an outside auditor, grants them SOC 2 for an audit period, sees it listed and revokes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await newAccount(page, 'grants-admin', 'Enterprise');
  const auditor = uniqueEmail('grants-auditor');
  await page.goto('/dashboard/settings');
  await page.getByLabel('Invite by e-mail').fill(auditor);
  await page.getByLabel('Role of the invited person').click();
  await page.getByRole('option', { name: 'Auditor' }).click();
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();

  const invited = await browser.newPage();
  await invited.goto(await readMailLink(auditor, 'invite'));
  await expect(invited.getByTestId('invitation-hint')).toBeVisible();
  await signUp(invited, auditor);
  await invited.goto(await readMailLink(auditor, 'confirm'));
  await expect(invited.getByText('Email confirmed')).toBeVisible();
  await signIn(invited, auditor);
  await expect(invited.getByText('Invitation accepted')).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(PAGE);
  const card = page.getByLabel('Auditor access', { exact: true });
  await expect(card.getByText('No auditor grants.')).toBeVisible();
  await expect(card.getByRole('combobox', { name: 'Auditor' })).toHaveText(auditor);
  await card.getByLabel('Audit period from').fill(day(-90));
  await card.getByLabel('Audit period to').fill(day(-1));
  // The server's message comes back as it is: an expiry in the past.
  await card.getByLabel('Access expires on').fill(day(-2));
  await card.getByRole('button', { name: 'Grant Access' }).click();
  await expect(
    page.getByText('Failed to grant auditor access: expiresAt must be in the future'),
  ).toBeVisible();
  await card.getByLabel('Access expires on').fill(day(30));
  await card.getByRole('button', { name: 'Grant Access' }).click();
  await expect(page.getByText('Auditor access granted')).toBeVisible();
  const row = page.getByTestId('auditor-grant');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-state', 'active');
  await expect(row).toContainText(auditor);
  await expect(row).toContainText('SOC 2 · audit period');
  await expect(card).toContainText('1 active · 0 expired');
  await expect(page.getByText('Auditor access granted')).toBeHidden({ timeout: 15_000 });
  await shootWidths(page, 'compliance-evidence-auditor-access');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({
    path: `${SCREENSHOT_DIR}/compliance-evidence-auditor-access-card-1440.png`,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({
    path: `${SCREENSHOT_DIR}/compliance-evidence-auditor-access-card-390.png`,
  });

  // The auditor sees the granted framework's evidence and no Auditor access card.
  await invited.goto(PAGE);
  await expect(invited.getByText('Requests', { exact: true })).toBeVisible();
  await expect(invited.getByLabel('Auditor access', { exact: true })).toHaveCount(0);
  await invited.close();

  await row.getByRole('button', { name: `Revoke SOC 2 access of ${auditor}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('It is their last grant');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/compliance-evidence-auditor-revoke-390.png` });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Auditor access revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(card.getByText('No auditor grants.')).toBeVisible();
});
