import { once } from 'node:events';
import http from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import {
  type SplunkHecFake,
  startSplunkHecFake,
} from '../packages/siem/src/testing/splunk-hec-fake.ts';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { newAccount, shoot } from './support.ts';

const PAGE = '/dashboard/siem-integrations';
/** The scanned host: an address of this spec's own loopback block. */
const HOST = resourcesOf(import.meta.url).host(1);

/** A web server on HOST:8888 without the security headers: a scan of it has findings. */
async function startBareWebServer(): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', server: 'Apache/2.4.49 (Unix)' });
    res.end('<html><body>intranet</body></html>');
  });
  server.listen(8888, HOST);
  await once(server, 'listening');
  return server;
}

async function scanLoopback(page: Page, name: string) {
  await page.goto('/dashboard/scan');
  await page.getByLabel('Scan Name').fill(name);
  await page.getByLabel('Scan Type').click();
  await page.getByRole('option', { name: /Vulnerability Scan/ }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await page.getByLabel('Target Hosts').fill(HOST);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Launch Scan' }).click();
  await expect(page.getByText('Scan completed', { exact: true })).toBeVisible({
    timeout: 150_000,
  });
}

async function showDeadLetters(page: Page) {
  await page.getByLabel('Show').click();
  await page.getByRole('option', { name: 'Dead letters' }).click();
}

async function openDeliveryLog(page: Page) {
  await page.goto(PAGE);
  await page.getByRole('button', { name: 'Delivery log' }).first().click();
}

test('a Splunk HEC integration: test, forward a scan, dead letters under a rotated token, replay', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const hec: SplunkHecFake = await startSplunkHecFake('e2e-hec-token');
  const target = await startBareWebServer();
  try {
    await newAccount(page, 'siem', 'Enterprise');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { name: 'SIEM Integrations' })).toBeVisible();

    // The dialog says what is missing before anything is sent; then the integration is created.
    await page.getByRole('button', { name: 'Add Integration' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Integration' }).click();
    await expect(dialog.getByText('Splunk needs the HEC token as the key')).toBeVisible();
    await dialog.getByLabel('Name').fill('Splunk (local HEC)');
    await dialog.getByLabel('Endpoint').fill(hec.url);
    await dialog.getByLabel('HEC token').fill('e2e-hec-token');
    await shoot(page, 'siem-add-dialog-1440', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create Integration' }).click();
    await expect(page.getByText('Integration Created')).toBeVisible();
    await expect(page.getByText('e2e-hec-token')).toHaveCount(0);

    // Test Connection: a canary event, and the server's own message in the toast.
    await page.getByRole('button', { name: 'Test Connection' }).first().click();
    await expect(page.getByText('Connection Successful')).toBeVisible();
    await expect(
      page.getByText(/HTTP Event Collector accepted the test event .* \(HTTP 200\)/),
    ).toBeVisible();
    expect(hec.accepted.at(-1)?.hec.event.title).toBe('NetGuard SIEM connection test');

    // A scan's events reach Splunk and show in the delivery log with their receipts.
    await scanLoopback(page, 'SIEM audit');
    await expect
      .poll(() => hec.accepted.some((r) => r.hec.event.type === 'scan_completed'), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect
      .poll(() => hec.accepted.some((r) => r.hec.event.type === 'vulnerability_found'))
      .toBe(true);
    await openDeliveryLog(page);
    await expect(
      page.getByRole('cell', { name: 'Scan completed', exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByText('HTTP 200').first()).toBeVisible();
    await shoot(page, 'siem-delivery-log-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'siem-delivery-log-390');
    await page.setViewportSize({ width: 1440, height: 1000 });

    // Splunk rotates the token: the next scan's events are dead letters with HEC's reason.
    hec.token = 'e2e-rotated-token';
    const before = hec.accepted.length;
    await scanLoopback(page, 'SIEM audit 2');
    await openDeliveryLog(page);
    await showDeadLetters(page);
    await expect(page.getByText(/Invalid token/).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('siem-summary-deadLettered')).not.toHaveText(/Dead Letters\s*0$/);
    await shoot(page, 'siem-dead-letters-1440');

    // The admin puts the new token in, and replays every dead letter.
    await page.getByRole('button', { name: 'Configure' }).first().click();
    await page.getByRole('dialog').getByLabel('HEC token').fill('e2e-rotated-token');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Integration updated')).toBeVisible();
    await openDeliveryLog(page);
    await showDeadLetters(page);
    await page.getByRole('button', { name: 'Replay all' }).click();
    await expect.poll(() => hec.accepted.length - before, { timeout: 30_000 }).toBeGreaterThan(0);
    const replayed = hec.accepted.slice(before).map((r) => r.hec.event.id);
    expect(new Set(replayed).size).toBe(replayed.length);
    await expect(page.getByText(/Invalid token/)).toHaveCount(0, { timeout: 30_000 });

    for (const tab of ['Dashboards', 'Alerts']) {
      await page.goto(PAGE);
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByText('SPL').first()).toBeVisible();
    }
    await shoot(page, 'siem-alerts-1440');
    await page.goto(PAGE);
    await shoot(page, 'siem-integrations-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(PAGE);
    await shoot(page, 'siem-integrations-390');
  } finally {
    target.close();
    await hec.close();
  }
});
