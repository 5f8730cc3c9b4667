import { once } from 'node:events';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { newAccount, shoot, shootWidths } from './support.ts';

/** The scanned host: an address of this spec's own loopback block. */
const HOST = resourcesOf(import.meta.url).host(1);

/** A web server on HOST:8888 (a top-1000 port) that sends none of the security headers. */
async function startBareWebServer(): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', server: 'Apache/2.4.49 (Unix)' });
    res.end('<html><body>intranet</body></html>');
  });
  server.listen(8888, HOST);
  await once(server, 'listening');
  return server;
}

test('launch a vulnerability scan of a loopback host, follow it live and open its findings', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const target = await startBareWebServer();
  try {
    await newAccount(page, 'scan');
    await expect(page.getByTestId('live-scan-status')).toHaveAttribute('data-realtime', 'open');

    await page.getByRole('link', { name: 'Scan Network', exact: true }).click();
    await page.getByLabel('Scan Name').fill('Loopback audit');
    await page.getByLabel('Scan Type').click();
    await page.getByRole('option', { name: /Vulnerability Scan/ }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.getByLabel('Target Hosts').fill(`${HOST}, not_a_host`);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Invalid targets detected')).toBeVisible();
    await expect(page.getByTestId('target-count')).toContainText('1');
    // No fixed '30-90 min': nothing is estimated before a scan of the type was measured.
    const estimate = page.getByTestId('estimated-duration');
    const basis = page.getByTestId('estimate-basis');
    await expect(estimate).toHaveText('Not estimated');
    await expect(basis).toHaveText('No scans measured yet');
    await shoot(page, 'scan-form');
    await page.getByRole('button', { name: 'Launch Scan' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Scan started successfully')).toBeVisible();
    // The scan shows up and finishes in the live panel with no reload: only the socket updates it.
    // Workers now start a scan at once, so a scan of one host may end before the panel has drawn it.
    const live = page.getByTestId('live-scan-status');
    const completed = page.getByText('Scan completed', { exact: true });
    await expect(live.getByTestId('live-scan').or(completed).first()).toBeVisible();
    await expect(completed).toBeVisible({
      timeout: 150_000,
    });
    await expect(page.getByText('Loopback audit has finished successfully').first()).toBeVisible();
    await shoot(page, 'scan-completed');

    await page.getByTestId('recent-scans').getByRole('link', { name: 'Loopback audit' }).click();
    await expect(page.getByTestId('scan-detail')).toHaveAttribute('data-status', 'completed');
    const findings = page.getByRole('list', { name: 'Findings' });
    await expect(findings.getByText('Missing HTTP security headers')).toBeVisible();
    await expect(
      findings.getByText(new RegExp(`${HOST.replaceAll('.', '\\.')}:8888`)).first(),
    ).toBeVisible();
    await page.getByRole('tab', { name: /Services/ }).click();
    await expect(page.getByRole('table', { name: 'Services' })).toContainText('8888');
    await shoot(page, 'scan-detail');

    // The results download in the formats other tools import, findings included.
    for (const [item, pattern] of [
      ['nmap XML', /<script id="http-security-headers" output=/],
      ['SARIF 2.1.0', /"ruleId": "http-security-headers"/],
    ] as const) {
      await page.getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: item }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Loopback_audit\.(xml|sarif)$/);
      const body = await download.createReadStream().then(async (stream) => {
        let text = '';
        for await (const chunk of stream) text += String(chunk);
        return text;
      });
      expect(body).toMatch(pattern);
    }

    // The finished scan is measured: the next one of the type is estimated from it, in seconds.
    await page.getByRole('link', { name: 'Scan Network', exact: true }).click();
    await page.getByLabel('Scan Type').click();
    await page.getByRole('option', { name: /Vulnerability Scan/ }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.getByLabel('Target Hosts').fill(HOST);
    await page.keyboard.press('Enter');
    await expect(estimate).toHaveText(/^~<?[\d.]+ (s|min)$/);
    await expect(basis).toHaveText('Estimate from 1 recent scan');
    await shootWidths(page, 'scan-form-estimated');
  } finally {
    target.close();
  }
});
