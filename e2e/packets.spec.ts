import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { runNetguardCli } from './db.ts';
import { captureLoopback, makeRequests, startLoopbackHttp, tsharkCount } from './packets-tools.ts';
import { newAccount, shoot } from './support.ts';

// This spec's own HTTP servers: an address of its loopback block, a port for each test.
const HOST = resourcesOf(import.meta.url).host(1);
const FILE_PORT = 18561;
const LIVE_PORT = 18562;

const statCard = (page: Page, title: string) =>
  page.getByTestId('stat-card').filter({ hasText: title });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openPackets(page: Page, prefix: string): Promise<string> {
  const email = await newAccount(page, prefix);
  await page.getByRole('link', { name: 'Packet Analysis', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/packets$/);
  await expect(page.getByRole('heading', { name: 'Packet Analysis' })).toBeVisible();
  return email;
}

/** The number of packets the filter card says match ("12 packets" or "3 of 12 packets"). */
async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('filter-summary').textContent()) ?? '';
  return Number(/^([\d,]+)/.exec(text.trim())?.[1]?.replace(/,/g, '') ?? Number.NaN);
}

async function download(page: Page, dir: string, name: string): Promise<string> {
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PCAP' }).click();
  const file = join(dir, name);
  await (await saved).saveAs(file);
  return file;
}

test('packets demo: simulated capture starts, fills the list, stops and clears', async ({
  page,
}) => {
  await openPackets(page, 'packets-demo');
  await page.getByRole('tab', { name: 'Demo' }).click();
  await expect(page.getByTestId('demo-notice')).toContainText('Simulated data');
  await expect(page.getByRole('button', { name: 'Export PCAP' })).toBeDisabled();
  await expect(statCard(page, 'Status')).toContainText('STOPPED');

  await page.getByRole('button', { name: 'Start Capture' }).click();
  await expect(toast(page, 'Packet capture started')).toBeVisible();
  await expect(statCard(page, 'Status')).toContainText('CAPTURING');
  // One packet every 1 to 3 s: three of them within 12 s.
  await expect(page.getByTestId('packet-row')).toHaveCount(3, { timeout: 12_000 });
  const rate = Number(await statCard(page, 'Packets/sec').locator('p').first().textContent());
  expect(rate).toBeGreaterThanOrEqual(10);
  expect(rate).toBeLessThanOrEqual(59);
  await expect(page.getByTestId('protocol-distribution')).toContainText('%');

  await page.getByRole('button', { name: 'Stop Capture' }).click();
  await expect(toast(page, 'Packet capture stopped')).toBeVisible();
  await expect(statCard(page, 'Status')).toContainText('STOPPED');
  await page.getByTestId('packet-row').first().click();
  await expect(page.getByTestId('packet-summary')).toContainText('Simulated packet');
  await shoot(page, 'packets-demo');

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(toast(page, 'Packets cleared')).toBeVisible();
  await expect(page.getByTestId('packet-row')).toHaveCount(0);
  await expect(page.getByTestId('packet-list-empty')).toBeVisible();
  await expect(page.getByTestId('packet-details')).toContainText('Select a packet');
  await expect(statCard(page, 'Total Packets')).toContainText('0');
});

test('packets file: a real tcpdump capture uploads, filters, dissects and exports', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'packets-e2e-'));
  const server = await startLoopbackHttp(HOST, FILE_PORT);
  try {
    const file = join(dir, 'loopback-http.pcap');
    await captureLoopback(file, `host ${HOST} and tcp port ${FILE_PORT}`, () =>
      makeRequests(`http://${HOST}:${FILE_PORT}`, 3),
    );
    const total = tsharkCount(file);
    const filter = `tcp.port == ${FILE_PORT} and http`;
    const httpPackets = tsharkCount(file, filter);
    expect(total).toBeGreaterThan(20);
    expect(httpPackets).toBe(6);

    await openPackets(page, 'packets-file');
    await page.getByRole('tab', { name: 'File' }).click();
    await page.getByLabel('Capture file').setInputFiles(file);
    await expect(toast(page, `Uploaded loopback-http.pcap: ${total} packets`)).toBeVisible({
      timeout: 20_000,
    });
    await expect(statCard(page, 'Total Packets')).toContainText(String(total));
    await expect(statCard(page, 'Status')).toContainText('STOPPED');
    await expect(page.getByTestId('capture-files')).toContainText('loopback-http.pcap');
    expect(await shownCount(page)).toBe(total);
    await expect(page.getByTestId('top-hosts')).toContainText(HOST);

    const input = page.getByLabel('Display filter');
    await input.fill(filter);
    await input.press('Enter');
    await expect(page.getByTestId('filter-summary')).toHaveText(
      `${httpPackets} of ${total} packets`,
    );
    await expect(page.getByTestId('packet-row')).toHaveCount(httpPackets);

    await page.getByTestId('packet-row').first().click();
    const summary = page.getByTestId('packet-summary');
    await expect(summary).toContainText('HTTP');
    for (const layer of ['ip', 'tcp', 'http']) {
      await expect(summary.locator(`[data-layer="${layer}"]`)).toBeVisible();
    }
    await expect(summary.locator('[data-layer="tcp"]')).toContainText(String(FILE_PORT));
    await shoot(page, 'packets-file-summary');
    await page.getByRole('tab', { name: 'Payload' }).click();
    const hex = page.getByTestId('payload-hex');
    await expect(hex).toContainText('0000');
    const ascii = (await hex.locator('[data-ascii]').allTextContents()).join('');
    expect(ascii).toContain('GET /hello-1 HTTP/1.1');
    await shoot(page, 'packets-file');

    const exported = await download(page, dir, 'exported.pcap');
    expect(tsharkCount(exported)).toBe(httpPackets);
    expect(tsharkCount(exported, filter)).toBe(httpPackets);

    await input.fill('tcp.port ==');
    await input.press('Enter');
    await expect(page.getByTestId('filter-error')).toContainText('Invalid display filter');
    // The bad filter is not applied: the list still shows the last good one.
    await expect(page.getByTestId('packet-row')).toHaveCount(httpPackets);

    // Not a capture file: the server's reason shows beside the upload button.
    await page.getByLabel('Capture file').setInputFiles({
      name: 'notes.pcap',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('these are meeting notes, not packets\n'.repeat(4)),
    });
    await expect(page.getByTestId('upload-error')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('capture-files')).not.toContainText('notes.pcap');

    await page.getByRole('button', { name: 'Delete loopback-http.pcap' }).click();
    await expect(page.getByText('No capture files uploaded yet.')).toBeVisible();
    await expect(page.getByTestId('packet-list-empty')).toContainText('Upload a capture file');
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('packets live: capture on lo with a BPF sees the test connections', async ({ page }) => {
  // The operator command line is a process of its own (tsx), slow on a busy machine.
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'packets-e2e-'));
  const server = await startLoopbackHttp(HOST, LIVE_PORT);
  try {
    const email = await openPackets(page, 'packets-live');
    // A new sign-up is its organization's admin, not an operator of the server: it may not capture.
    const unavailable = page.getByTestId('live-unavailable');
    await expect(unavailable).toContainText('only its deployment operators may use it');
    await expect(unavailable).toContainText('npm run netguard -- operators add <your email>');
    await expect(page.getByRole('combobox', { name: 'Interface' })).toBeHidden();
    await shoot(page, 'packets-live-not-operator');

    // Whoever runs the server makes the account an operator: the Live source opens.
    expect(runNetguardCli('operators', 'add', email)).toContain('is a deployment operator');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Interface' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(unavailable).toBeHidden();
    await page.getByRole('combobox', { name: 'Interface' }).click();
    await page.getByRole('option', { name: /^lo\b/ }).click();
    const bpf = page.getByLabel('Capture filter (BPF, optional)');
    // tcpdump's own words for a filter it cannot compile, and no capture.
    await bpf.fill('tcp port nonsense');
    await page.getByRole('button', { name: 'Start Capture' }).click();
    await expect(page.getByTestId('live-error')).toContainText('nonsense', { timeout: 15_000 });
    await expect(statCard(page, 'Status')).toContainText('STOPPED');

    await bpf.fill(`host ${HOST} and tcp port ${LIVE_PORT}`);
    await page.getByRole('button', { name: 'Start Capture' }).click();
    await expect(toast(page, 'Packet capture started')).toBeVisible({ timeout: 15_000 });
    await expect(statCard(page, 'Status')).toContainText('CAPTURING');

    // A few connections, bounded, until the page shows their packets.
    const rows = page.getByTestId('packet-row');
    for (let attempt = 0; attempt < 10 && (await rows.count()) < 10; attempt += 1) {
      await makeRequests(`http://${HOST}:${LIVE_PORT}`, 2);
      await page.waitForTimeout(500);
    }
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: String(LIVE_PORT) }).first()).toBeVisible();
    const held = await shownCount(page);
    expect(held).toBeGreaterThanOrEqual(10);
    await shoot(page, 'packets-live');

    await page.getByRole('button', { name: 'Stop Capture' }).click();
    await expect(toast(page, 'Packet capture stopped')).toBeVisible({ timeout: 10_000 });
    await expect(statCard(page, 'Status')).toContainText('STOPPED');

    const exported = await download(page, dir, 'live.pcap');
    const after = await shownCount(page);
    expect(tsharkCount(exported)).toBe(after);
    expect(tsharkCount(exported, `tcp.port == ${LIVE_PORT}`)).toBe(after);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('packets: the empty list reads in full at 1440 px and on a 390 px phone', async ({ page }) => {
  await openPackets(page, 'packets-empty');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const empty = page.getByTestId('packet-list-empty');
    await expect(empty).toBeVisible();
    expect((await empty.textContent())?.trim().length).toBeGreaterThan(10);
    // The text itself, not just its box, lies inside the list's visible area.
    const box = await page.evaluate(() => {
      const list = document.querySelector('[data-testid="packet-list"]') as HTMLElement;
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('[data-testid="packet-list-empty"]')!);
      const text = range.getBoundingClientRect();
      const visible = list.getBoundingClientRect();
      return { text: [text.left, text.right], list: [visible.left, visible.right] };
    });
    console.log(`packets empty state at ${width} px: text ${box.text}, list ${box.list}`);
    expect(box.text[0]).toBeGreaterThanOrEqual(box.list[0]!);
    expect(box.text[1]).toBeLessThanOrEqual(box.list[1]!);
    await shoot(page, `packets-empty-${width}`);
  }
});
