import { generateKeyPairSync } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { E2E_AWS_MOTO_PORT } from '../playwright.config.ts';
import { type MotoAccount, startMotoAccount } from './cloud-moto.ts';
import { setRoleInDatabase } from './db.ts';
import { newAccount, shoot } from './support.ts';

const CONNECT = '/api/cloud/connections';
/** Nothing listens here: a provider call the server makes for this spec stays on loopback. */
const CLOSED_LOOPBACK = 'http://127.0.0.1:9/token';

const SSH_FINDING = 'Security group allows SSH (port 22) from the internet';
const ROOT_MFA = 'aws_iam_root_mfa_off';

/** The AWS tab's form, or another provider's after its tab is opened. */
async function providerForm(page: Page, label: 'AWS' | 'Azure' | 'GCP') {
  await page.getByRole('tab', { name: label, exact: true }).click();
  return page.getByRole('form', { name: `${label} credentials` });
}

/** Submits a form and returns the server's error message for it. */
async function submitRefused(page: Page, button: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(CONNECT) && r.request().method() === 'POST'),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(response.status()).toBeGreaterThanOrEqual(400);
  const body = (await response.json()) as { error: { message: string } };
  return body.error.message;
}

/** Neither the page nor any element is wider than the window. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the page shows the three providers, checks the GCP key and allows no scan without a connection', async ({
  page,
}) => {
  const email = await newAccount(page, 'cloud-page', 'Enterprise');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/dashboard/cloud');
  await expect(page.getByRole('heading', { name: 'Cloud Integrations' })).toBeVisible();
  for (const provider of ['AWS', 'Azure', 'GCP']) {
    const card = page.getByLabel(`${provider} provider`);
    await expect(card).toBeVisible();
    await expect(card.locator('[data-status]').first()).toHaveText('disconnected');
  }
  const run = page.getByRole('button', { name: 'Run Multi-Cloud Scan' });
  await expect(run).toBeDisabled();
  await expect(
    page.getByText('Connect at least one cloud provider before running a multi-cloud scan'),
  ).toBeVisible();
  await expect((await providerForm(page, 'AWS')).getByLabel('Region')).toHaveValue('us-east-1');
  await shoot(page, 'cloud-empty-1440');

  // spec part 2 §5: the key must parse as JSON; the form says so before anything is sent.
  const gcp = await providerForm(page, 'GCP');
  await expect(gcp.getByLabel('Region')).toHaveValue('us-central1');
  await gcp.getByLabel('Project ID').fill('netguard-e2e');
  await gcp.getByLabel('Service Account Key (JSON)').fill('{"client_email": ');
  let posted = false;
  page.on('request', (r) => {
    if (r.url().endsWith(CONNECT) && r.method() === 'POST') posted = true;
  });
  await page.getByRole('button', { name: 'Connect GCP' }).click();
  await expect(gcp.getByText('Service account key must be valid JSON')).toBeVisible();
  expect(posted).toBe(false);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'AWS', exact: true }).click();
  await expectNoHorizontalOverflow(page);
  await shoot(page, 'cloud-empty-390');

  // Auditors and viewers read the page: no credentials form, no scan, no Disconnect.
  for (const role of ['auditor', 'viewer'] as const) {
    await setRoleInDatabase(email, role);
    await page.reload();
    await expect(page.getByLabel('AWS provider')).toBeVisible();
    await expect(page.getByRole('form', { name: 'AWS credentials' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Run Multi-Cloud Scan' })).toBeDisabled();
  }
});

test('a refused connection raises "Connection Failed" with the server\'s message', async ({
  page,
}) => {
  await newAccount(page, 'cloud-refused', 'Enterprise');
  await page.goto('/dashboard/cloud');
  // A well-formed key whose token endpoint is a closed loopback port: the grant cannot succeed,
  // and whatever the server tries stays on this machine.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = {
    type: 'service_account',
    project_id: 'netguard-e2e',
    client_email: 'scanner@netguard-e2e.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: CLOSED_LOOPBACK,
  };
  const gcp = await providerForm(page, 'GCP');
  await gcp.getByLabel('Project ID').fill('netguard-e2e');
  await gcp.getByLabel('Service Account Key (JSON)').fill(JSON.stringify(key));
  const message = await submitRefused(page, 'Connect GCP');
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Connection Failed' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(message);
  await expect(page.getByLabel('GCP provider').locator('[data-status]').first()).toHaveText(
    'disconnected',
  );
});

/** Fills the AWS tab with a key pair and presses Connect AWS. */
async function connectAws(page: Page, keys: { accessKeyId: string; secretAccessKey: string }) {
  const aws = await providerForm(page, 'AWS');
  await aws.getByLabel('Access Key ID').fill(keys.accessKeyId);
  await aws.getByLabel('Secret Access Key').fill(keys.secretAccessKey);
}

/** Presses Run Multi-Cloud Scan and waits until its result is listed and its toast shown. */
async function runScan(page: Page) {
  await page.getByRole('tab', { name: 'Results' }).click();
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/cloud/scans') && r.request().method() === 'POST',
    ),
    page.getByRole('button', { name: 'Run Multi-Cloud Scan' }).click(),
  ]);
  const { scans } = (await response.json()) as { scans: { id: string }[] };
  for (const scan of scans)
    await expect(page.locator(`[data-scan-id="${scan.id}"]`)).toBeVisible({ timeout: 120_000 });
  const done = page.locator('[data-sonner-toast]', { hasText: 'Multi-Cloud Scan Complete' });
  await expect(done.first()).toBeVisible();
}

test.describe('an AWS account on moto', () => {
  let moto: MotoAccount;
  test.beforeAll(async () => {
    moto = await startMotoAccount(E2E_AWS_MOTO_PORT);
  });
  test.afterAll(async () => moto?.stop());

  test('refused keys, connect, scan, findings, coverage, and the comparison after a fix', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await newAccount(page, 'cloud-aws', 'Enterprise');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/dashboard/cloud');

    await connectAws(page, { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wrong' });
    const message = await submitRefused(page, 'Connect AWS');
    expect(message).toContain('The security token included in the request is invalid');
    const refused = page.locator('[data-sonner-toast]', { hasText: 'Connection Failed' });
    await expect(refused).toContainText(message);

    await connectAws(page, moto.keys);
    await page.getByRole('button', { name: 'Connect AWS' }).click();
    await expect(page.locator('[data-sonner-toast]', { hasText: 'AWS Connected' })).toBeVisible();
    const card = page.getByLabel('AWS provider');
    await expect(card.locator('[data-status]').first()).toHaveText('connected');
    await expect(card).toContainText('123456789012');

    await runScan(page);
    const result = page.getByLabel(/^Result AWS/);
    const finding = result.getByRole('listitem', { name: SSH_FINDING });
    await expect(finding).toContainText(moto.groupId);
    await expect(finding).toContainText('us-east-1');
    await expect(finding.locator('[data-exposure]')).toHaveText('Unchecked');
    const recommendations = result.getByLabel('Recommendations').getByRole('listitem');
    await expect(recommendations.first()).toBeVisible();
    expect(await recommendations.count()).toBeLessThanOrEqual(3);
    await expect(card.getByTestId('aws-findings')).not.toHaveText('0');
    await shoot(page, 'cloud-results-1440');

    // An accepted risk: a mute rule hides the finding until "Show muted findings" is on.
    await page.getByRole('tab', { name: 'Mute rules' }).click();
    const rule = page.getByRole('form', { name: 'New mute rule' });
    await rule.getByLabel('Check ID').fill(ROOT_MFA);
    await rule.getByLabel('Reason').fill('Break-glass root account, MFA token in the safe');
    const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await rule.getByLabel('Expires on').fill(inMonth);
    await rule.getByRole('button', { name: 'Create mute rule' }).click();
    const listed = page.getByRole('listitem', {
      name: 'Break-glass root account, MFA token in the safe',
    });
    await expect(listed).toContainText('hides 1');
    await shoot(page, 'cloud-mute-rules-1440');
    await page.getByRole('tab', { name: 'Results' }).click();
    const rootMfa = result.getByRole('listitem', { name: 'Root user has no MFA' });
    await expect(rootMfa).toHaveCount(0);
    await page.getByLabel('Show muted findings').click();
    await expect(rootMfa).toContainText('muted');

    await page.getByRole('tab', { name: 'Coverage' }).click();
    await expect(page.getByLabel(/^Coverage AWS/)).toContainText('API calls');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page);
    await shoot(page, 'cloud-coverage-390');

    // The finding is fixed in the account; the next scan shows it resolved.
    await moto.closeSsh();
    await page.setViewportSize({ width: 1440, height: 1000 });
    await runScan(page);
    await page.getByRole('tab', { name: 'Comparison' }).click();
    const resolved = page.getByLabel(/^Comparison AWS/).getByLabel('Resolved');
    await expect(resolved.getByRole('listitem', { name: SSH_FINDING })).toContainText(
      moto.groupId,
      { timeout: 30_000 },
    );
    await expect(page.getByLabel(/^Comparison AWS/).getByLabel('New')).toContainText('New (0)');
    await shoot(page, 'cloud-comparison-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page);
    await shoot(page, 'cloud-comparison-390');
  });
});
