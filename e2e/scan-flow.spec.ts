import { once } from 'node:events';
import http from 'node:http';
import { UI_TEXT } from '@netguard/contracts';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { newAccount, PASSWORD, scanThroughApi, shoot, shootWidths } from './support.ts';

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

test("a tenant's scan never probes this server's own port, and its detail says so", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(page, 'own-port');
  // The server listens on 127.0.0.1:E2E_PORT; EGRESS_ALLOWED_RANGES lets tenants reach loopback,
  // but never the deployment's own ports: the scan sends no packet (loopback needs no discovery).
  const id = await scanThroughApi(page, email, {
    name: 'Own port',
    type: 'network',
    host: '127.0.0.1',
    ports: String(E2E_PORT),
  });
  await page.goto(`/dashboard/scans/${id}`);
  await expect(page.getByTestId('scan-detail')).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });
  const notes = page.getByRole('region', { name: UI_TEXT.scanNotesTitle });
  await expect(notes).toContainText(
    `Not scanned: 127.0.0.1 port ${E2E_PORT} is this deployment's own service`,
  );
  await page.getByRole('tab', { name: /Services/ }).click();
  await expect(page.getByText(String(E2E_PORT), { exact: true })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'scan-notes-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'scan-notes-390');
});

test('the scan form and the finished scan say when the automatic re-scan repeats it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = await newAccount(page, 'auto-scan');
  const session = await page.request.post('/api/auth/sign-in', {
    data: { email, password: PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await session.json()).access_token}` };
  const settings = await (await page.request.get('/api/settings', { headers })).json();
  // The spec's default: weekly, from the account's creation.
  expect(settings.api.auto_scan_frequency).toBe('weekly');
  const next = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    settings.next_auto_scan_at as string,
  );
  const expected = `This scan will re-run weekly on ${next}`;

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto('/dashboard/scan');
    const notice = page.getByRole('form', { name: 'New scan' }).getByTestId('auto-scan-notice');
    await expect(notice).toContainText(expected);
    await expect(notice.getByRole('link')).toHaveAttribute('href', '/dashboard/settings');
    await shoot(page, `scan-form-auto-scan-${width}`);
  }

  await scanThroughApi(page, email, { name: 'Auto re-scan', host: HOST, ports: '9' });
  const list = await (await page.request.get('/api/scans?limit=1', { headers })).json();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto(`/dashboard/scans/${list.items[0].id}`);
    await expect(page.getByTestId('auto-scan-notice')).toContainText(expected);
    await shoot(page, `scan-finished-auto-scan-${width}`);
  }
});
