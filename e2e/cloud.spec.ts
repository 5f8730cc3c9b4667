import { generateKeyPairSync } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { setRoleInDatabase } from './db.ts';
import { newAccount, shoot } from './support.ts';

const CONNECT = '/api/cloud/connections';
/** Nothing listens here: a provider call the server makes for this spec stays on loopback. */
const CLOSED_LOOPBACK = 'http://127.0.0.1:9/token';

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
  const email = await newAccount(page, 'cloud-page');
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

  // An auditor reads the page: no credentials form, no scan, no Disconnect.
  await setRoleInDatabase(email, 'auditor');
  await page.reload();
  await expect(page.getByLabel('AWS provider')).toBeVisible();
  await expect(page.getByRole('form', { name: 'AWS credentials' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run Multi-Cloud Scan' })).toBeDisabled();
});

test('a refused connection raises "Connection Failed" with the server\'s message', async ({
  page,
}) => {
  await newAccount(page, 'cloud-refused');
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
