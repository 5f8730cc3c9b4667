import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { captureLoopback } from './packets-tools.ts';
import { newAccount, PASSWORD, shoot, shootWidths } from './support.ts';

// Addresses of this spec's own loopback block, so it never meets another test's servers.
const res = resourcesOf(import.meta.url);
const SERVER_HOST = res.host(3);
const CLIENT_HOST = res.host(4);
const WEB_PORT = 8888; // in the Network Discovery scan's top 100 ports

async function startWebServer(): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>topology</body></html>');
  });
  server.listen(WEB_PORT, SERVER_HOST);
  await once(server, 'listening');
  return server;
}

const node = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);

/** `count` requests from CLIENT_HOST to the web server, captured by tcpdump into a file. */
async function captureClientTraffic(count: number): Promise<{ file: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'topology-e2e-'));
  const file = join(dir, 'client-server.pcap');
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(
        { host: SERVER_HOST, port: WEB_PORT, localAddress: CLIENT_HOST, agent: false },
        (response) => response.resume().on('end', resolve),
      );
      request.on('error', reject);
    });
  await captureLoopback(file, `host ${SERVER_HOST} and host ${CLIENT_HOST}`, async () => {
    for (let i = 0; i < count; i++) await get();
  });
  return { file, dir };
}

/** An nmap XML report of `count` hosts over three documentation subnets; every third serves HTTPS. */
function nmapReport(count: number): string {
  const subnets = ['192.0.2', '198.51.100', '203.0.113'];
  const hosts = Array.from({ length: count }, (_, i) => {
    const address = `${subnets[i % 3]}.${10 + i}`;
    const ports =
      i % 3 === 0
        ? '<port protocol="tcp" portid="443"><state state="open"/><service name="https"/></port>'
        : '';
    return `<host><status state="up"/><address addr="${address}" addrtype="ipv4"/><ports>${ports}</ports></host>`;
  });
  return `<?xml version="1.0"?><nmaprun scanner="nmap">${hosts.join('')}</nmaprun>`;
}

async function download(page: Page, item: string): Promise<string> {
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const file = await saved;
  return readFileSync((await file.path()) as string, 'utf8');
}

test('topology: the labelled sample, then the network a real scan found, with Ping Test, Configure, Export and Port Scan', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const cspViolations: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) cspViolations.push(msg.text());
  });
  const target = await startWebServer();
  try {
    const email = await newAccount(page, 'topology');

    // No scan data yet: the spec's sample network, labelled as such.
    await page.getByRole('link', { name: 'Network Topology', exact: true }).click();
    const diagram = page.getByTestId('topology-diagram');
    await expect(diagram).toHaveAttribute('data-source', 'sample');
    await expect(page.getByTestId('sample-notice')).toContainText('Sample network');
    const summary = page.getByTestId('topology-summary');
    await expect(summary).toContainText('6 online, 1 warning');
    await expect(summary).toContainText('47%');
    for (const text of ['Internet Gateway', 'Internal Network', 'DMZ Network (Limited)']) {
      await expect(page.getByTestId('topology-segments')).toContainText(text);
    }
    for (const text of ['Trusted (Secure)', 'DMZ (Monitored)', 'External (Untrusted)']) {
      await expect(page.getByTestId('topology-zones')).toContainText(text);
    }
    const legend = page.getByTestId('topology-legend');
    for (const text of ['Online', 'Warning', 'Offline', 'Ethernet', 'WiFi']) {
      await expect(legend).toContainText(text);
    }
    await expect(diagram.getByTestId('topology-node')).toHaveCount(7);
    await expect(diagram.locator('[data-link-type="wifi"]')).toHaveAttribute(
      'stroke-dasharray',
      /\d/,
    );
    await expect(diagram.locator('[data-testid="traffic-label"][data-level="high"]')).toHaveCount(
      1,
    );
    await node(page, 'web').click();
    const details = page.getByTestId('node-details');
    await expect(details).toContainText('Web Server');
    await expect(details).toContainText('10.0.1.10');
    await expect(details.getByRole('button', { name: 'Ping Test' })).toBeDisabled();
    await shoot(page, 'topology-sample');
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    // A real scan of two loopback hosts: one serves HTTP, the other offers nothing.
    await page.getByRole('link', { name: 'Scan Network', exact: true }).click();
    await page.getByLabel('Scan Name').fill('Topology loopback');
    await page.getByLabel('Scan Type').click();
    await page.getByRole('option', { name: /Network Discovery/ }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.getByLabel('Target Hosts').fill(`${SERVER_HOST}, ${CLIENT_HOST}`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('target-count')).toContainText('2');
    await page.getByRole('button', { name: 'Launch Scan' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Scan completed', { exact: true })).toBeVisible({
      timeout: 150_000,
    });

    await page.getByRole('link', { name: 'Network Topology', exact: true }).click();
    await expect(diagram).toHaveAttribute('data-source', 'scans');
    await expect(page.getByTestId('sample-notice')).toBeHidden();
    await expect(node(page, `host:${SERVER_HOST}`)).toHaveAttribute('data-type', 'server');
    await expect(node(page, `host:${CLIENT_HOST}`)).toHaveAttribute('data-type', 'client');
    await expect(node(page, `gateway:${res.block}`)).toHaveAttribute('data-type', 'router');
    await expect(page.getByTestId('topology-segments')).toContainText(res.block);
    // Devices are the two hosts the scan saw, not the inferred gateway; no capture yet.
    await expect(summary).toContainText('2 online, 0 warning');
    await expect(summary).toContainText('No traffic measured: upload a packet capture');
    await expect(diagram.getByTestId('traffic-label')).toHaveCount(0);
    await shootWidths(page, 'topology-unmeasured');

    // A capture of the client talking to the server measures both hosts' links.
    const capture = await captureClientTraffic(3);
    try {
      await page.getByRole('link', { name: 'Packet Analysis', exact: true }).click();
      await page.getByRole('tab', { name: 'File' }).click();
      await page.getByLabel('Capture file').setInputFiles(capture.file);
      await expect(page.getByTestId('capture-files')).toContainText('client-server.pcap', {
        timeout: 20_000,
      });
    } finally {
      rmSync(capture.dir, { recursive: true, force: true });
    }
    await page.getByRole('link', { name: 'Network Topology', exact: true }).click();
    await expect(summary).toContainText('Share of captured bytes, 2 of 2 links measured');
    await expect(summary).toContainText('100%');
    await expect(diagram.getByTestId('traffic-label')).toHaveCount(2);
    await node(page, `host:${CLIENT_HOST}`).click();
    await expect(details.getByTestId('link-traffic')).toHaveText(/^100% · [\d.]+ (B|KB)$/);
    await shootWidths(page, 'topology-measured');
    await details.getByRole('button', { name: 'Close' }).click();

    await node(page, `host:${SERVER_HOST}`).click();
    await expect(details).toContainText(SERVER_HOST);
    await expect(details).toContainText('Server');
    await details.getByRole('button', { name: 'Ping Test' }).click();
    await expect(page.getByTestId('ping-result')).toContainText(
      new RegExp(`Reachable in [\\d.]+ ms \\(TCP port ${WEB_PORT} open\\)`),
    );
    await shoot(page, 'topology-scanned');

    // Configure: the layout is saved for the user and survives a reload.
    await page.getByRole('button', { name: 'Configure' }).click();
    await page.getByRole('menuitemradio', { name: 'Radial' }).click();
    await expect(diagram).toHaveAttribute('data-layout', 'radial');
    await page.reload();
    await expect(page.getByTestId('topology-diagram')).toHaveAttribute('data-layout', 'radial');
    await shoot(page, 'topology-radial');

    const svg = await download(page, 'Diagram (SVG)');
    expect(svg).toContain('<svg');
    expect(svg).toContain(SERVER_HOST);
    const json = JSON.parse(await download(page, 'Graph (JSON)'));
    expect(json.source).toBe('scans');
    const exported = json.nodes.find((n: { id: string }) => n.id === `host:${SERVER_HOST}`);
    expect(exported).toMatchObject({ type: 'server', ip: SERVER_HOST });
    expect(typeof exported.x).toBe('number');
    expect(json.traffic_definition).toContain('share of an uploaded capture’s bytes');

    // Port Scan asks first: a real scan of the node, one of the Free plan's 5 this month (the
    // loopback scan above was the first). Cancel starts nothing.
    await node(page, `host:${SERVER_HOST}`).click();
    const portScan = page.getByTestId('node-details').getByRole('button', { name: 'Port Scan' });
    const confirm = page.getByRole('alertdialog', { name: 'Start a real port scan?' });
    const quota = confirm.getByTestId('port-scan-quota');
    const fourLeft =
      "It counts as one of the Free plan's 5 scans per month: 4 of 5 left this month, 3 after this one.";
    await portScan.click();
    await expect(confirm).toContainText(`starts a real scan of ${SERVER_HOST} now`);
    await expect(quota).toHaveText(fourLeft);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await shoot(page, `topology-port-scan-confirm-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/topology$/);
    await portScan.click();
    await expect(quota).toHaveText(fourLeft);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/topology$/);
    const session = await page.request.post('/api/auth/sign-in', {
      data: { email, password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${(await session.json()).access_token}` };
    const scans = await page.request.get('/api/scans', { headers });
    expect((await scans.json()).total).toBe(1);

    // Confirmed, it starts a real port scan of the node and opens it.
    await portScan.click();
    await confirm.getByRole('button', { name: 'Start Port Scan' }).click();
    await expect(page).toHaveURL(/\/dashboard\/scans\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('scan-detail')).toContainText(SERVER_HOST);
    expect(cspViolations).toEqual([]);
  } finally {
    target.close();
  }
});

test('topology: a large imported network is drawn in at most 24 hosts, with the rest counted', async ({
  page,
}) => {
  const email = await newAccount(page, 'topology-large');
  // The same sign-in the web app does, for a bearer token to import the report with.
  const session = await page.request.post('/api/auth/sign-in', {
    data: { email, password: PASSWORD },
  });
  const token = (await session.json()).access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  // 30 addresses are over the Free plan's 10 targets: subscribe in the local checkout first.
  const { plans } = await (await page.request.get('/api/billing/plans', { headers })).json();
  const checkout = await page.request.post('/api/billing/create-checkout', {
    headers,
    data: { price_id: plans[0].price_id },
  });
  const sessionId = ((await checkout.json()).url as string).split('/').at(-1);
  const completed = await page.request.post(
    `/api/billing/checkout-sessions/${sessionId}/complete`,
    { headers },
  );
  expect(completed.status()).toBe(200);
  const imported = await page.request.post('/api/scans/import', {
    headers,
    data: { scan_name: 'Imported lab', xml: nmapReport(30) },
  });
  expect(imported.status()).toBe(201);

  await page.getByRole('link', { name: 'Network Topology', exact: true }).click();
  const diagram = page.getByTestId('topology-diagram');
  await expect(diagram).toHaveAttribute('data-source', 'scans');
  await expect(page.getByTestId('hosts-truncated')).toContainText('Showing 24 of 30');
  // 24 hosts, 3 gateways and the core joining them.
  await expect(diagram.getByTestId('topology-node')).toHaveCount(28);
  await expect(diagram.locator('[data-link-type="wan"]')).toHaveCount(3);
  await shoot(page, 'topology-large');
  await page.getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('menuitemradio', { name: 'Radial' }).click();
  await expect(diagram).toHaveAttribute('data-layout', 'radial');
  await page.keyboard.press('Escape');
  await shoot(page, 'topology-large-radial');
});
