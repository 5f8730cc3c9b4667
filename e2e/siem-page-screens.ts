// Screenshots of the SIEM Integrations page at 1440 and 390 px wide, against the built server.
// Run after `npm run build`: `npx tsx e2e/siem-page-screens.ts` (SIEM_SCREENS_MOCK=1 answers the
// SIEM API from fixtures, to look at the layout before the server module exists). Only loopback
// is contacted: the server, and a fake Splunk HEC this script listens with on 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';

const PORT = Number(process.env.SIEM_SCREENS_PORT ?? 18282);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '/tmp/siem-screens-data';
const LOG = '/tmp/siem-screens-server.log';
const OUT = process.env.SIEM_SCREENS_DIR ?? '/work/screens';
const MOCK = process.env.SIEM_SCREENS_MOCK === '1';
const PASSWORD = 'Str0ng!Passw0rd';

/** A Splunk HEC that accepts every event (and answers the acknowledgement poll). */
function fakeHec(): Promise<Server> {
  let ackId = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.includes('/ack')) res.end(JSON.stringify({ acks: { '0': true } }));
      else res.end(JSON.stringify({ text: 'Success', code: 0, ackId: ackId++ }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function startServer(): Promise<ChildProcess> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const { openSync } = await import('node:fs');
  const out = openSync(LOG, 'w');
  const child = spawn('node', ['--enable-source-maps', 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      NETGUARD_DATA_DIR: DATA_DIR,
      PGPORT: process.env.SIEM_SCREENS_PGPORT ?? '54392',
      AUTH_RATE_LIMIT: '200',
      NETGUARD_OFFLINE: '1',
    },
    stdio: ['ignore', out, out],
  });
  for (let i = 0; i < 180; i++) {
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 1000));
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start; see ${LOG}`);
}

async function mailLink(email: string): Promise<string> {
  const pattern = new RegExp(
    `Email to ${email.replace(/[.+]/g, '\\$&')} \\(.*?\\): (\\S+?\\?confirm=[\\w-]+)`,
  );
  for (let i = 0; i < 50; i++) {
    const link = pattern.exec(readFileSync(LOG, 'utf8'))?.[1];
    if (link) return link.replace(/^https?:\/\/[^/]+/, BASE);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no confirmation mail logged');
}

async function signUpAndIn(page: Page): Promise<void> {
  const email = `siem-${Date.now()}@example.com`;
  await page.goto(`${BASE}/auth`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('Account created successfully').waitFor();
  await page.goto(await mailLink(email));
  await page.getByText('Email confirmed').waitFor();
  await page.goto(`${BASE}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
}

const now = Date.now();
const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

/** Fixture answers of the SIEM API (SIEM_SCREENS_MOCK=1 only). */
async function mockSiemApi(page: Page, hecUrl: string): Promise<void> {
  const base = {
    authType: 'api_key',
    settings: {
      batchSize: 100,
      retryAttempts: 3,
      timeout: 30,
      enableRealtime: true,
      dataRetention: 90,
      maxAgeHours: 24,
    },
    filters: {
      logLevels: ['error', 'warning', 'info'],
      eventTypes: ['vulnerability_found', 'scan_completed', 'threat_detected'],
      sources: ['netguard-scanner'],
    },
    createdAt: iso(600),
    updatedAt: iso(5),
  };
  const integrations = [
    {
      ...base,
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Splunk (local HEC)',
      type: 'splunk',
      endpoint: hecUrl,
      credentials: { key: '••••••••' },
      options: { index: 'main', ackEnabled: true },
      status: 'active',
      lastError: null,
      lastSync: iso(1),
      stats: {
        backlog: 3,
        delivered: 1482,
        deadLettered: 2,
        p95LatencyMs: 184,
        lastDeliveredAt: iso(1),
      },
    },
    {
      ...base,
      id: '00000000-0000-4000-8000-000000000002',
      name: 'QRadar lab receiver',
      type: 'qradar',
      endpoint: 'tls://192.0.2.20:6514',
      credentials: {},
      options: {},
      status: 'error',
      lastError: 'connect ECONNREFUSED 192.0.2.20:6514',
      lastSync: null,
      stats: {
        backlog: 57,
        delivered: 0,
        deadLettered: 0,
        p95LatencyMs: null,
        lastDeliveredAt: null,
      },
    },
  ];
  const deliveries = [
    {
      eventId: 'e1',
      eventType: 'vulnerability_found',
      title: 'CVE-2024-6387 on 192.0.2.15:22 (OpenSSH regreSSHion)',
      severity: 'critical',
      level: 'error',
      state: 'delivered',
      attempts: 1,
      lastError: null,
      receipt: { status: 200, ackId: 41 },
      queuedAt: iso(3),
      deliveredAt: iso(3),
      latencyMs: 212,
    },
    {
      eventId: 'e2',
      eventType: 'scan_completed',
      title: 'Scan of 192.0.2.0/28 completed',
      severity: 'info',
      level: 'info',
      state: 'pending',
      attempts: 2,
      lastError: 'HEC answered 503: Server is busy',
      receipt: null,
      queuedAt: iso(2),
      deliveredAt: null,
      latencyMs: null,
    },
    {
      eventId: 'e3',
      eventType: 'threat_detected',
      title: 'Port scan from 192.0.2.77',
      severity: 'high',
      level: 'warning',
      state: 'dead',
      attempts: 3,
      lastError: 'HEC answered 400: Invalid data format',
      receipt: { status: 400, note: 'code 6' },
      queuedAt: iso(90),
      deliveredAt: null,
      latencyMs: null,
    },
  ];
  const queries = ['dashboard', 'alert'].flatMap((kind) => [
    {
      siemType: 'splunk',
      useCase: 'critical_vulnerabilities_24h',
      language: 'SPL',
      kind,
      title: `Critical vulnerabilities in the last 24 hours (${kind})`,
      query:
        'index=main sourcetype="netguard:event" event_type=vulnerability_found severity=critical earliest=-24h\n| stats count by host, cve\n| sort - count',
    },
    {
      siemType: 'splunk',
      useCase: 'failed_signin_burst',
      language: 'SPL',
      kind,
      title: `Failed sign-in bursts (${kind})`,
      query:
        'index=main sourcetype="netguard:event" event_type=security_event action=sign_in_failed\n| bin _time span=5m | stats count by _time, src_ip | where count >= 10',
    },
  ]);
  await page.route('**/api/siem/**', (route) => {
    const url = new URL(route.request().url());
    const json = (body: unknown) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
    if (url.pathname === '/api/siem/integrations')
      return json({
        integrations,
        summary: {
          total: 2,
          active: 1,
          error: 1,
          deliveredLast24h: 1482,
          backlog: 60,
          deadLettered: 2,
        },
      });
    if (url.pathname.endsWith('/deliveries')) {
      const state = url.searchParams.get('state');
      return json({ deliveries: deliveries.filter((d) => !state || d.state === state) });
    }
    if (url.pathname.endsWith('/test'))
      return json({
        success: true,
        message: 'Splunk accepted the canary event (ackId 42)',
        latencyMs: 190,
      });
    if (url.pathname === '/api/siem/queries') return json({ queries });
    return route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"message":"not mocked"}',
    });
  });
}

/**
 * Runs a vulnerability scan of 127.0.0.1 (a bare web server on 8888 gives it findings), so the
 * forwarder has scan and vulnerability events to deliver.
 */
async function scanLoopback(page: Page): Promise<void> {
  const target = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', server: 'Apache/2.4.49 (Unix)' });
    res.end('<html><body>intranet</body></html>');
  });
  await new Promise<void>((resolve, reject) => {
    target.once('error', reject);
    target.listen(8888, '127.0.0.1', resolve);
  });
  try {
    await page.goto(`${BASE}/dashboard/scan`);
    await page.getByLabel('Scan Name').fill('Loopback audit');
    await page.getByLabel('Scan Type').click();
    await page.getByRole('option', { name: /Vulnerability Scan/ }).click();
    await page.getByLabel('Target Hosts').fill('127.0.0.1');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Launch Scan' }).click();
    await page.getByText('Scan completed', { exact: true }).waitFor({ timeout: 150_000 });
  } finally {
    target.close();
  }
}

/** Adds the integration through the dialog, as an admin would. */
async function addIntegration(page: Page, hecUrl: string, width: number): Promise<void> {
  await page.getByRole('button', { name: 'Add Integration' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Splunk (local HEC)');
  await dialog.getByLabel('Endpoint').fill(hecUrl);
  await dialog.getByLabel('HEC token').fill('00000000-0000-4000-8000-00000000feed');
  await page.screenshot({ path: `${OUT}/siem-add-dialog-${width}.png` });
  await dialog.getByRole('button', { name: 'Create Integration' }).click();
  await page.getByText('Integration Created').waitFor();
}

/** Reports elements sticking out of the viewport's width (the page must not scroll sideways). */
async function checkNoSideScroll(page: Page, name: string): Promise<void> {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return [];
    const outside = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.parentElement?.closest('.overflow-x-auto, pre'))
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`);
    return [`scrollWidth ${scrollWidth} > ${width}`, ...outside];
  });
  if (wide.length > 0) console.warn(`${name}: wider than the viewport:`, wide);
}

/** Export, Configure (PATCH), Realtime and Delete against the real server, each checked. */
async function exerciseActions(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${BASE}/dashboard/siem-integrations`);
  await page.getByRole('button', { name: 'Delivery log' }).first().click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  console.log('export downloaded as', (await download).suggestedFilename());

  await page.getByRole('button', { name: 'Configure' }).first().click();
  await page.getByText('Advanced').click();
  await page.getByLabel('Batch size').fill('50');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Integration updated').waitFor();
  console.log('configure saved');

  await page.getByRole('switch', { name: 'Realtime' }).click();
  await page.getByText('Realtime forwarding off').waitFor();
  console.log('realtime switched off');

  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await page.screenshot({ path: `${OUT}/siem-delete-confirm-1440.png` });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Integration deleted').waitFor();
  await page.getByText('No SIEM integrations yet').waitFor();
  await page.screenshot({ path: `${OUT}/siem-empty-1440.png` });
  console.log('deleted');
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const hec = await fakeHec();
  const hecUrl = `http://127.0.0.1:${(hec.address() as AddressInfo).port}`;
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    if (MOCK) await mockSiemApi(page, hecUrl);
    await signUpAndIn(page);
    await page.goto(`${BASE}/dashboard/siem-integrations`);
    await page.getByRole('heading', { name: 'SIEM Integrations' }).waitFor();
    // The contract's messages under the fields, then Cancel closes the dialog.
    await page.getByRole('button', { name: 'Add Integration' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create Integration' }).click();
    await page.getByText('Splunk needs the HEC token as the key').waitFor();
    await page.screenshot({ path: `${OUT}/siem-add-errors-1440.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    if (!MOCK) await addIntegration(page, hecUrl, 1440);
    await page.getByTestId('siem-integration').first().waitFor();
    await page.getByRole('button', { name: 'Test Connection' }).first().click();
    await page.getByText(/Connection (Successful|Failed)/).waitFor();
    await page.screenshot({ path: `${OUT}/siem-test-toast-1440.png` });
    if (!MOCK) {
      await scanLoopback(page).catch((error) => console.warn('scan skipped:', error));
      await page.waitForTimeout(5000);
    }
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto(`${BASE}/dashboard/siem-integrations`);
      await page.getByTestId('siem-integration').first().waitFor();
      await checkNoSideScroll(page, `integrations at ${width}`);
      await page.screenshot({ path: `${OUT}/siem-integrations-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Delivery log' }).first().click();
      await page.waitForTimeout(800);
      await checkNoSideScroll(page, `delivery log at ${width}`);
      await page.screenshot({ path: `${OUT}/siem-delivery-log-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Configure' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.getByText('Advanced').click();
      await page.screenshot({ path: `${OUT}/siem-configure-${width}.png` });
      await page.keyboard.press('Escape');
      for (const tab of ['Event Forwarding', 'Dashboards', 'Alerts']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.waitForTimeout(500);
        await page.screenshot({
          path: `${OUT}/siem-${tab.toLowerCase().replace(' ', '-')}-${width}.png`,
          fullPage: true,
        });
      }
    }
    if (!MOCK) await exerciseActions(page);
    console.log(`screenshots in ${OUT}`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    hec.close();
  }
}

await main();
