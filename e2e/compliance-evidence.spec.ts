import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { newAccount, scanThroughApi, shootWidths } from './support.ts';
import { startBareWebServer } from './web-target.ts';

const res = resourcesOf(import.meta.url);
const PAGE = '/dashboard/compliance-evidence';
/** The built netguard-evidence CLI (packages/evidence bin, built by scripts/build-node.mjs). */
const VERIFIER = 'packages/evidence/dist/bin.js';

const soc2Card = (page: Page) => page.locator('[data-testid=framework-card][data-framework=soc2]');

async function download(page: Page, click: () => Promise<void>, path: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  await file.saveAs(path);
  return readFileSync(path);
}

test('After a real scan: collect SOC 2 evidence, export the package, verify it offline', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const address = res.host(1);
  const server = await startBareWebServer(address, 8899);
  const dir = mkdtempSync(join(tmpdir(), 'ng-evidence-e2e-'));
  try {
    const email = await newAccount(page, 'evidence', 'Enterprise');
    await scanThroughApi(page, email, { name: 'Evidence host', host: address, ports: '8899' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(PAGE);
    await expect(
      page.getByRole('heading', { name: 'Compliance Evidence Collection' }),
    ).toBeVisible();
    for (const tab of ['Frameworks', 'Evidence Items', 'Compliance Reports', 'Collection Schedule'])
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    const fingerprint = (await page.getByTestId('evidence-key-fingerprint').textContent()) ?? '';
    expect(fingerprint).not.toBe('');

    // Collect Evidence on SOC 2: the durable run shows its state until it completes.
    await soc2Card(page).getByRole('button', { name: 'Collect Evidence' }).click();
    await expect(page.getByText('Evidence Collection Started', { exact: true })).toBeVisible();
    // (The default schedules of a new organization may start their own runs meanwhile.)
    const run = page
      .getByTestId('evidence-run')
      .filter({ hasText: /^SOC 2: / })
      .filter({ hasText: 'On demand' })
      .first();
    await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(run).toContainText(/SOC 2: \d+ items? collected, signed in digest #\d+/);
    await expect(page.getByTestId('evidence-summary-score')).not.toContainText('—');
    await expect(soc2Card(page).getByTestId('framework-score')).toHaveText(/^\d+%$/);

    // Each requirement says its status, its reason and its coverage class.
    await soc2Card(page)
      .getByRole('button', { name: /Requirements \(\d+\)/ })
      .click();
    const cc71 = soc2Card(page).locator('[data-testid=requirement][data-id="CC7.1"]');
    await expect(cc71.getByTestId('requirement-status')).toBeVisible();
    await expect(cc71.getByText('Automated by NetGuard')).toBeVisible();
    await expect(soc2Card(page).getByTestId('audit-readiness')).toContainText(
      /Audit readiness [\d.]+% · \d+ of \d+ requirements with valid automated evidence/,
    );
    // One requirement on its own: a run of just its collectors.
    await cc71.getByRole('button', { name: 'Collect evidence for CC7.1' }).click();
    await expect(
      page
        .getByTestId('evidence-run')
        .filter({ hasText: /^SOC 2 CC7\.1: \d+ items? collected/ })
        .first(),
    ).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await shootWidths(page, 'compliance-evidence-frameworks');

    // The scan is evidence, observed when the scan ended, not when it was collected.
    await page.getByRole('tab', { name: 'Evidence Items' }).click();
    const scanRow = page
      .getByTestId('evidence-row')
      .filter({ hasText: 'Network scans run recently' })
      .first();
    await expect(scanRow).toBeVisible();
    await expect(scanRow.getByTestId('evidence-status')).toHaveAttribute('data-status', 'valid');
    await expect(scanRow.getByTestId('evidence-observed')).toContainText('Observed');
    await scanRow.getByRole('button', { name: /^Validate / }).click();
    await expect(page.getByText('Evidence verified', { exact: true })).toBeVisible();
    await shootWidths(page, 'compliance-evidence-items');

    // Export Evidence Package → the ZIP, checked with the standalone verifier...
    const zipPath = join(dir, 'package.zip');
    const zip = await download(
      page,
      () => page.getByRole('button', { name: 'Export Evidence Package' }).click(),
      zipPath,
    );
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const verified = spawnSync(
      process.execPath,
      [VERIFIER, 'verify', zipPath, '--fingerprint', fingerprint.trim()],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(verified.stderr).toBe('');
    expect(verified.stdout).toMatch(/^OK /);
    expect(verified.status).toBe(0);
    // ...whose fingerprint check bites: another fingerprint is refused.
    const wrongKey = spawnSync(
      process.execPath,
      [VERIFIER, 'verify', zipPath, '--fingerprint', '0'.repeat(64)],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(wrongKey.status).toBe(1);

    // ...and with unzip and sha256sum alone.
    const unpacked = join(dir, 'unpacked');
    execFileSync('unzip', ['-q', zipPath, '-d', unpacked]);
    const sums = spawnSync('sha256sum', ['--strict', '-c', 'SHA256SUMS'], {
      cwd: unpacked,
      encoding: 'utf8',
    });
    expect(sums.status, sums.stdout + sums.stderr).toBe(0);
    expect(sums.stdout).toContain('manifest.json: OK');
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    expect(manifest.publicKeyFingerprint).toBe(fingerprint.trim());
    const evidenceFiles = manifest.files.filter((f: { requirementIds: string[] }) =>
      f.requirementIds.includes('soc2:CC7.1'),
    );
    expect(evidenceFiles.length).toBeGreaterThan(0);
    // One flipped byte and sha256sum says so.
    const target = join(unpacked, 'manifest.json');
    const bytes = readFileSync(target);
    bytes[10] = (bytes[10] ?? 0) ^ 1;
    writeFileSync(target, bytes);
    const flipped = spawnSync('sha256sum', ['--strict', '-c', 'SHA256SUMS'], {
      cwd: unpacked,
      encoding: 'utf8',
    });
    expect(flipped.status).not.toBe(0);
    expect(flipped.stdout).toContain('manifest.json: FAILED');

    // Generate Report → the real list, downloadable as PDF.
    await page.getByRole('tab', { name: 'Frameworks' }).click();
    await soc2Card(page).getByRole('button', { name: 'Generate Report' }).click();
    await expect(page.getByText('Report Generation Started', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Compliance Reports' }).click();
    const report = page.getByTestId('compliance-report').first();
    await expect(report).toBeVisible();
    const pdf = await download(
      page,
      () => report.getByRole('button', { name: 'PDF' }).click(),
      join(dir, 'report.pdf'),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await shootWidths(page, 'compliance-evidence-reports');

    // Collection Schedule: SOC 2 weekly by default, editable by the admin.
    await page.getByRole('tab', { name: 'Collection Schedule' }).click();
    const soc2Schedule = page.locator('[data-testid=evidence-schedule][data-scope=soc2]');
    await expect(soc2Schedule.getByRole('combobox')).toHaveText('Weekly');
    await soc2Schedule.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Daily' }).click();
    await expect(page.getByText('Schedule saved', { exact: true })).toBeVisible();
    await expect(soc2Schedule.getByRole('combobox')).toHaveText('Daily');
    await shootWidths(page, 'compliance-evidence-schedule');

    // Upload: the spec's message for a blocked extension, then a policy that waits for review.
    await page.getByRole('button', { name: 'Upload Evidence' }).click();
    const form = page.getByRole('form', { name: 'Upload evidence' });
    await form.getByLabel('File').setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await expect(form.getByText('Dangerous file extension detected')).toBeVisible();
    await form.getByLabel('File').setInputFiles({
      name: 'access-policy.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Access is reviewed every quarter.\n'),
    });
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.getByLabel('Title').fill('Access review policy');
    await form.getByLabel('Requirements').fill('soc2:CC6.2');
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Evidence uploaded', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Evidence Items' }).click();
    // The server filters: only the upload waits for review.
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Pending Review' }).click();
    const rows = page.getByTestId('evidence-row');
    await expect(rows).toHaveCount(1);
    const policy = rows.filter({ hasText: 'Access review policy' });
    await expect(policy.getByTestId('evidence-status')).toHaveAttribute(
      'data-status',
      'pending_review',
    );
    await policy.getByRole('button', { name: /^Mark .* reviewed$/ }).click();
    await expect(page.getByText('Evidence reviewed', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(0);
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await expect(policy.getByTestId('evidence-status')).toHaveAttribute('data-status', 'valid');

    await page.getByRole('tab', { name: 'Frameworks' }).click();
    await shootWidths(page, 'compliance-evidence-page');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
