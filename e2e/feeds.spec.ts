import { expect, test } from '@playwright/test';
import { runNetguardCli } from './db.ts';
import { epssCsv, uploadFeed } from './feed-files.ts';
import { newAccount, SCREENSHOT_DIR } from './support.ts';

// Feed files the test makes, in the published shapes (test data, not real catalogs).
const KEV = JSON.stringify({
  catalogVersion: '2026.11.20',
  dateReleased: '2026-11-20T12:00:00.000Z',
  vulnerabilities: [
    { cveID: 'CVE-2024-6387', dateAdded: '2024-07-15', dueDate: '2024-08-05' },
    { cveID: 'CVE-2023-44487', dateAdded: '2023-10-10', dueDate: '2023-10-31' },
    { cveID: 'not-a-cve', dateAdded: '2024-01-01' },
  ],
});
const EPSS = epssCsv('2026-11-20', [['CVE-2024-6387', 0.41, 0.97]]);

test('settings: the Feeds card shows each import with its provenance, and operators upload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(page, 'feeds');
  await page.goto('/dashboard/settings');
  const card = page.locator('[data-slot="card"]', { hasText: 'Threat Intelligence Feeds' });
  await expect(card.getByTestId('feeds-schedule')).toHaveText(
    'Offline: scheduled imports are off. Feeds arrive by upload only.',
  );
  await expect(card.getByText('Only the deployment operators of this server')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Upload file' })).toHaveCount(0);

  runNetguardCli('operators', 'add', email);
  await page.reload();
  const kev = card.getByRole('listitem', { name: 'CISA Known Exploited Vulnerabilities' });
  await uploadFeed(
    page,
    'CISA Known Exploited Vulnerabilities',
    'known_exploited_vulnerabilities.json',
    KEV,
  );
  await expect(kev.getByText('Partial', { exact: true })).toBeVisible();
  await expect(kev.getByText('2026.11.20')).toBeVisible();
  await expect(kev.getByText('2 imported · 1 skipped of 3')).toBeVisible();
  await expect(kev.getByText('upload: known_exploited_vulnerabilities.json')).toBeVisible();

  const epss = card.getByRole('listitem', { name: 'FIRST EPSS' });
  await uploadFeed(page, 'FIRST EPSS', 'epss_scores-2026-11-20.csv', EPSS);
  await expect(epss.getByText('Succeeded', { exact: true })).toBeVisible();
  await expect(epss.getByText('v2025.03.14')).toBeVisible();

  const osv = card.getByRole('listitem', { name: 'OSV distribution advisories' });
  await uploadFeed(page, 'OSV distribution advisories', 'all.zip', 'not a zip');
  await expect(osv.getByText('Failed', { exact: true })).toBeVisible();
  await expect(osv.getByText(/Nothing was changed/)).toBeVisible();

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SCREENSHOT_DIR}/settings-feeds-${width}.png` });
  }
});
