import { expect, type Page, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { newAccount, scanThroughApi, shoot } from './support.ts';

/** A scanned address of this spec's own loopback block, with nothing listening. */
const HOST = resourcesOf(import.meta.url).host(41);

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

async function openHelp(page: Page) {
  await page.getByRole('button', { name: 'Help' }).click();
  const dialog = page.getByRole('dialog', { name: 'Help' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the contextual Help dialog: FAQ of the page, measured scan times, resources', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await newAccount(page, 'help-dialog');
  await page.goto('/dashboard/cloud');
  let dialog = await openHelp(page);
  await expect(dialog.getByRole('button', { name: 'Cloud', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByText('Which cloud providers are supported?')).toBeVisible();
  await expect(dialog.getByText('How long does a scan take?')).toHaveCount(0);
  await expect(
    dialog.getByText('A quick scan takes 2-5 min and a deep scan 15-30 min.'),
  ).toBeVisible();
  await expect(dialog.getByText(/No scan of your organization has completed yet/)).toBeVisible();
  await expect(
    dialog.getByText('Critical is immediate, High is 24-48h, Medium is 1 week.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await scanThroughApi(page, email, { name: 'Timed scan', host: HOST, ports: '8888' });
  await page.goto('/dashboard/scan');
  dialog = await openHelp(page);
  await expect(dialog.getByRole('button', { name: 'Scanning', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByTestId('scan-times')).toContainText('Measured in your organization');
  await expect(dialog.getByTestId('scan-times')).toContainText(
    /Vulnerability Scan: (under 1 s|\d+(\.\d)? (s|min)) \(1 completed scan\)/,
  );
  await dialog.getByRole('searchbox', { name: 'Search FAQ' }).fill('estimates it');
  await expect(dialog.getByText('How long does a scan take?')).toBeVisible();
  await expect(dialog.getByText('How does NetGuard scan ports?')).toHaveCount(0);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await shoot(page, `help-dialog-${size.width}`, { fullPage: false });
  }

  await dialog.getByRole('tab', { name: 'Resources' }).click();
  await expect(dialog.getByRole('link', { name: 'Help & User Guide' })).toHaveAttribute(
    'href',
    '/help',
  );
  await expect(dialog.getByText('Contact Support')).toBeVisible();
  await shoot(page, 'help-dialog-resources-390', { fullPage: false });
  await dialog.getByRole('link', { name: 'Features', exact: true }).click();
  await expect(page).toHaveURL(/\/help\?tab=features$/);
  await expect(page.getByRole('tab', { name: 'Features' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
