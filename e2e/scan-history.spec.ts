import { readFileSync } from 'node:fs';
import net from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { connectE2eDatabase } from './db.ts';
import { newAccount, shoot } from './support.ts';

/** This spec's own loopback block: the re-run scan and the listeners stay inside it. */
const res = resourcesOf(import.meta.url);

const DAY_MS = 86_400_000;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Gives `email`'s organization 23 finished scans from earlier months, "Archive 01" (the newest,
 * 41 days ago) to "Archive 23", one a day; every third one failed. Archive n targets
 * res.host(n + 1).
 */
async function seedArchive(email: string): Promise<void> {
  const db = await connectE2eDatabase();
  try {
    await db.query(
      `insert into scans (user_id, organization_id, scan_name, scan_type, target_hosts, status,
         progress, created_at, started_at, completed_at)
       select u.id, r.organization_id, 'Archive ' || lpad(n::text, 2, '0'),
         (array['network','port','vulnerability','comprehensive'])[1 + n % 4]::scan_type,
         array[($2::text[])[n]],
         (case when n % 3 = 0 then 'failed' else 'completed' end)::scan_status,
         case when n % 3 = 0 then 0 else 100 end,
         now() - (40 + n) * interval '1 day',
         now() - (40 + n) * interval '1 day' + interval '1 minute',
         now() - (40 + n) * interval '1 day' + interval '3 minutes'
       from users u join user_roles r on r.user_id = u.id, generate_series(1, 23) as n
       where u.email = $1`,
      [email, Array.from({ length: 23 }, (_, i) => res.host(i + 2))],
    );
  } finally {
    await db.end();
  }
}

/** The local calendar day (YYYY-MM-DD) `days` days ago, as the date inputs take it. */
function localDay(days: number): string {
  const date = new Date(Date.now() - days * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const rows = (page: Page) => page.getByRole('list', { name: 'Scans' }).getByRole('listitem');

test('scan history: every scan reachable, filtered, opened, re-run and exported', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = await newAccount(page, 'history');
  await seedArchive(email);
  await page.reload();
  const recent = page.getByTestId('recent-scans');
  await expect(recent.getByRole('listitem')).toHaveCount(5);
  await page.setViewportSize(DESKTOP);
  await shoot(page, 'scan-history-from-dashboard', { fullPage: false });
  await recent.getByRole('link', { name: 'View all scans' }).click();
  await expect(page).toHaveURL(/\/dashboard\/scans$/);
  await expect(page.getByRole('link', { name: 'Scan History' })).toHaveAttribute(
    'data-active',
    'true',
  );

  // Past the dashboard's five: two pages, the oldest scan on the second.
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByText('1–20 of 23')).toBeVisible();
  await shoot(page, 'scan-history-1440');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('21–23 of 23')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('link', { name: 'Archive 23' }).click();
  await expect(page).toHaveURL(/\/dashboard\/scans\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Archive 23' })).toBeVisible();
  await page.goBack();

  // Filters: status, search by name or target, and a day.
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page.getByText('1–7 of 7')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Completed' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Search scans by name or target').fill(res.host(8));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Archive 07');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('From', { exact: true }).fill(localDay(45));
  await page.getByLabel('To', { exact: true }).fill(localDay(45));
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await expect(rows(page).first()).toContainText('Archive 05');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('1–20 of 23')).toBeVisible();

  // Export the list as CSV: every scan, not just the page.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toMatch(/^id,scan_name,scan_type,status/);
  expect(csv).toHaveLength(24);

  // Re-run a completed Network Discovery: a new scan with the same name, type and target, run
  // for real.
  await page.getByRole('button', { name: 'Re-run Archive 04' }).click();
  await expect(page.getByText('Scan started successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/scans\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Archive 04' })).toBeVisible();
  await expect(page.getByTestId('scan-detail')).toHaveAttribute('data-status', 'completed', {
    timeout: 150_000,
  });
  await page.getByRole('link', { name: 'Scan History' }).click();
  await expect(page.getByText('1–20 of 24')).toBeVisible();
  await expect(rows(page).first()).toContainText('Archive 04');
  await expect(rows(page).first()).toContainText('Network Discovery');
  await expect(rows(page).first()).toContainText(res.host(5));

  await page.setViewportSize(PHONE);
  await shoot(page, 'scan-history-390');
});

/** Plain TCP listeners on ports outside every default scan profile's top 1000. */
async function listen(host: string, ports: number[]) {
  const servers = await Promise.all(
    ports.map(async (port) => {
      const server = net.createServer((socket) => socket.on('error', () => undefined));
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      return server;
    }),
  );
  return () => {
    for (const server of servers) server.close();
  };
}

test('scan form: port coverage per type, custom ports, scans left this month', async ({ page }) => {
  test.setTimeout(240_000);
  const host = res.host(91);
  const close = await listen(host, [6390, 11299]);
  try {
    await newAccount(page, 'ports');
    await page.getByRole('link', { name: 'Scan Network', exact: true }).click();
    await expect(page.getByTestId('remaining-scans')).toHaveText(
      '5 of 5 scans left this month on the Free plan',
    );

    await page.setViewportSize(DESKTOP);
    await page.getByLabel('Scan Type').click();
    await expect(page.getByRole('option', { name: /Full Security Audit/ })).toContainText(
      'All 65535 TCP ports + DNS, NTP and SNMP over UDP',
    );
    await shoot(page, 'scan-form-types-1440', { fullPage: false });
    await page.getByRole('option', { name: /Vulnerability Scan/ }).click();
    await expect(page.getByTestId('port-coverage')).toHaveText('Top 1000 TCP ports');
    await expect(page.getByLabel(/^Ports/)).toHaveAttribute(
      'placeholder',
      'Default: Top 1000 TCP ports',
    );

    await page.getByLabel(/^Ports/).fill('6390,redis');
    await expect(
      page.getByText('Invalid port specification "redis" in "6390,redis"'),
    ).toBeVisible();
    await page.getByLabel(/^Ports/).fill('6390, 11299');
    await expect(page.getByTestId('port-coverage')).toContainText('2 TCP ports: 6390,11299');
    await page.getByLabel('Scan Name').fill('Moved Redis');
    await page.getByLabel('Target Hosts').fill(host);
    await page.keyboard.press('Enter');
    await shoot(page, 'scan-form-1440');
    await page.setViewportSize(PHONE);
    await shoot(page, 'scan-form-390');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Launch Scan' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('recent-scans').getByRole('link', { name: 'Moved Redis' }).click();
    await expect(page.getByTestId('scan-ports')).toContainText('custom ports 6390,11299');
    await expect(page.getByTestId('scan-detail')).toHaveAttribute('data-status', 'completed', {
      timeout: 150_000,
    });
    await page.getByRole('tab', { name: /Services/ }).click();
    const services = page.getByRole('table', { name: 'Services' });
    await expect(services).toContainText('6390');
    await expect(services).toContainText('11299');

    await page.getByRole('link', { name: 'Scan Network', exact: true }).click();
    await expect(page.getByTestId('remaining-scans')).toHaveText(
      '4 of 5 scans left this month on the Free plan',
    );
  } finally {
    close();
  }
});
