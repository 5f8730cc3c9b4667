import { expect, test } from '@playwright/test';
import { setRoleInDatabase } from './db.ts';
import { newAccount, SCREENSHOT_DIR, shootWidths } from './support.ts';

const PAGE = '/dashboard/compliance-evidence';

test('An auditor requests evidence on the page; an admin declines it with a reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(page, 'evidence-requests', 'Enterprise');
  await setRoleInDatabase(email, 'auditor');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(PAGE);
  const card = page.getByLabel('Evidence requests', { exact: true });
  await expect(card.getByText('No evidence requests.')).toBeVisible();
  await card.getByLabel('Requirement').fill('CC6.1');
  await card.getByLabel('What evidence do you need?').fill('The access review of the last quarter');
  await card.getByRole('button', { name: 'Request Evidence' }).click();
  const row = page.getByTestId('evidence-request').first();
  await expect(row).toHaveAttribute('data-status', 'open');
  await expect(row).toContainText('SOC 2 CC6.1');
  await expect(row).toContainText('The access review of the last quarter');
  await shootWidths(page, 'compliance-evidence-requests-auditor');

  await setRoleInDatabase(email, 'admin');
  await page.reload();
  await expect(row.getByRole('button', { name: 'Close Request' })).toBeVisible();
  await shootWidths(page, 'compliance-evidence-requests-admin-open');
  await row.getByLabel('Outcome').click();
  await page.getByRole('option', { name: 'Declined' }).click();
  await row.getByLabel('Reason').fill('Covered by the SOC 2 report of May');
  await row.getByRole('button', { name: 'Close Request' }).click();
  await expect(row).toHaveAttribute('data-status', 'declined');
  await expect(row).toContainText(`Declined by ${email}`);
  await expect(row).toContainText('Covered by the SOC 2 report of May');
  await shootWidths(page, 'compliance-evidence-requests-admin-closed');
  // The card alone at 390 px, readable at that width.
  await setRoleInDatabase(email, 'auditor');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(card.getByRole('button', { name: 'Request Evidence' })).toBeVisible();
  await card.screenshot({
    path: `${SCREENSHOT_DIR}/compliance-evidence-requests-card-auditor-390.png`,
  });
  await card.getByLabel('Requirement').fill('CC7.2');
  await card.getByLabel('What evidence do you need?').fill('Incident log of October');
  await card.getByRole('button', { name: 'Request Evidence' }).click();
  await expect(page.getByTestId('evidence-request').filter({ hasText: 'CC7.2' })).toBeVisible();
  await setRoleInDatabase(email, 'admin');
  await page.reload();
  await expect(card.getByRole('button', { name: 'Close Request' })).toBeVisible();
  await card.screenshot({
    path: `${SCREENSHOT_DIR}/compliance-evidence-requests-card-admin-390.png`,
  });
});
