import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { newAccount, PASSWORD, SCREENSHOT_DIR, shoot } from './support.ts';

/** The scanned host: an address of this spec's own loopback block. */
const HOST = resourcesOf(import.meta.url).host(1);

/** A web server on HOST:8899 (a top-1000 port) that sends none of the security headers. */
async function startBareWebServer(): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', server: 'Apache/2.4.49 (Unix)' });
    res.end('<html><body>reports target</body></html>');
  });
  server.listen(8899, HOST);
  await once(server, 'listening');
  return server;
}

/** Runs a vulnerability scan of HOST through the API and waits until it has completed. */
async function completeScan(request: APIRequestContext, email: string): Promise<void> {
  const session = await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await session.json()).access_token}` };
  const created = await request.post('/api/scans', {
    headers,
    data: { scan_name: 'Loopback audit', scan_type: 'vulnerability', target_hosts: [HOST] },
  });
  const { id } = await created.json();
  expect((await request.post(`/api/scans/${id}/start`, { headers })).status()).toBe(202);
  await expect
    .poll(async () => (await (await request.get(`/api/scans/${id}`, { headers })).json()).status, {
      timeout: 150_000,
      intervals: [1_000],
    })
    .toBe('completed');
}

/** Waits for the toasts to time out (hovering keeps them open), so screenshots show the list. */
async function waitForToastsToClose(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
}

/** Answers reach the page at 1.5 kB/s (Chromium's throttling) until `restore`. */
async function slowLink(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const throttle = (downloadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput,
      uploadThroughput: -1,
    });
  await cdp.send('Network.enable');
  await throttle(1_500);
  return { restore: () => throttle(-1) };
}

test('generate, find and download reports from a real scan of a loopback host', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const target = await startBareWebServer();
  try {
    const email = await newAccount(page, 'reports');

    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/reports$/);
    await expect(page.getByRole('heading', { name: 'Security Reports' })).toBeVisible();
    for (const label of [
      'Executive Summary',
      'Technical Report',
      'Compliance Report',
      'Trend Analysis',
    ]) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('No reports yet')).toBeVisible();
    await page
      .getByTestId('generator-executive')
      .getByRole('button', { name: 'Generate Report' })
      .click();
    await expect(page.getByText('Error generating report')).toBeVisible();
    await expect(
      page.getByText('No data available: Complete at least one scan before generating reports.'),
    ).toBeVisible();
    await shoot(page, 'reports-no-data');

    await completeScan(request, email);
    await page.reload();
    // The executive request is held until its button has been seen in the busy state: a fast
    // machine finishes generation before a transient text can be observed otherwise.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/reports', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    // While reports generate the list re-reads every second and each generation re-reads it
    // again, cancelling reads in flight; on a slow link some are cancelled while their answer
    // arrives. None of that is an error of the page.
    const link = await slowLink(page);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const executive = page.getByTestId('generator-executive').getByRole('button');
    await executive.click();
    await expect(executive).toHaveText('Generating...');
    await expect(executive).toBeDisabled();
    release();
    for (const type of ['technical', 'compliance', 'trend']) {
      await page.getByTestId(`generator-${type}`).getByRole('button').click();
    }
    // Four toasts stack: the first in the page may be one the stack has folded away.
    await expect(
      page.getByText('Report generated successfully').filter({ visible: true }).first(),
    ).toBeVisible({ timeout: 30_000 });
    const items = page.getByTestId('report-item');
    await expect(items).toHaveCount(4);
    await expect(items.and(page.locator('[data-status="ready"]'))).toHaveCount(4, {
      timeout: 30_000,
    });
    // Every button is back to its idle text once its report is ready.
    await expect(page.getByRole('button', { name: 'Generate Report' })).toHaveCount(4);
    expect(consoleErrors).toEqual([]);
    await link.restore();
    const first = items.filter({ hasText: 'Executive Security Summary' });
    await expect(first).toContainText(/Overall risk (HIGH|MEDIUM|LOW): \d+ open issues?/);
    await expect(first).toContainText(/Report ID: [0-9a-f]{8}/);
    await waitForToastsToClose(page);
    await shoot(page, 'reports-generated');

    await page.getByRole('searchbox', { name: 'Search reports' }).fill('remediation timeline');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Compliance Assessment Report');
    await page.getByRole('searchbox', { name: 'Search reports' }).fill('');
    await page.getByRole('combobox', { name: 'Report type' }).click();
    await page.getByRole('option', { name: 'Technical Report' }).click();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Technical Security Report');
    await shoot(page, 'reports-filtered');

    await items.first().getByRole('button', { name: 'Download' }).click();
    // A viewport shot: the open menu locks scrolling, which a full-page shot renders shifted.
    await page.screenshot({ path: `${SCREENSHOT_DIR}/reports-download-menu.png` });
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /PDF/ }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(
      /^netguard-technical-report-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf$/,
    );
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await pdf.saveAs('artifacts/reports-pdf/e2e-technical.pdf');

    await items.first().getByRole('button', { name: 'Download' }).click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /CSV/ }).click(),
    ]);
    expect(readFileSync(await csv.path(), 'utf8')).toMatch(
      /^rank,title,severity,risk_score,host,port,protocol,service,vulnerability_type,cve_id,solution,detection_method,detection_qod,detection_detail\r\n1,/,
    );
  } finally {
    target.close();
  }
});
