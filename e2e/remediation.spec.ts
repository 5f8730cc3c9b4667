import { expect, type Page, test } from '@playwright/test';
import { startTestHost, type TestHost } from '../packages/remediation/src/testing/netns-host.ts';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { newAccount, scanThroughApi, shoot } from './support.ts';
import { startBareWebServer } from './web-target.ts';

const res = resourcesOf(import.meta.url);

const PAGE = '/dashboard/automated-remediation';

async function addHost(page: Page, host: TestHost) {
  await page.goto(PAGE);
  await page.getByRole('button', { name: 'Configure Workflows' }).click();
  await page.getByRole('button', { name: 'Add Host' }).click();
  const form = page.getByRole('form', { name: 'Add SSH host' });
  await form.getByLabel('Name').fill('ftp server');
  await form.getByLabel('Address').fill(host.address);
  await form.getByLabel('SSH user').fill('root');
  await form.getByLabel('Private key', { exact: true }).fill(host.rootKey);
  await form.getByRole('button', { name: 'Save Host' }).click();
  const hosts = page.getByRole('region', { name: 'SSH hosts' });
  await expect(hosts.getByText(host.address)).toBeVisible();
  // Saving tests the connection: the key the host presented waits for a person to confirm it.
  await expect(page.getByText(/with root privileges/)).toBeVisible({ timeout: 20_000 });
  await expect(hosts.getByTestId('host-key-fingerprint')).toHaveText(host.hostKeySha256);
  await hosts.getByRole('button', { name: 'Confirm the host key of ftp server' }).click();
  await expect(hosts.getByText(`Host key pinned: ${host.hostKeySha256}`)).toBeVisible();
  await page.keyboard.press('Escape');
}

const status = (page: Page, value: string) =>
  page.locator(`[data-testid=execution-status][data-status=${value}]`).first();

test('Remediate a finding on a namespace host: dry-run diff, approve, verified, fixed, roll back', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const host = await startTestHost({ namespace: res.namespace(1), services: ['ssh', 'vsftpd'] });
  try {
    const email = await newAccount(page, 'remediation', 'Enterprise');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await scanThroughApi(page, email, {
      name: 'Remediation host',
      host: host.address,
      ports: '21',
    });
    await addHost(page, host);

    // From the vulnerability: Remediate → the execute flow with the action that fixes it.
    await page.goto('/dashboard/vulnerabilities');
    const card = page.getByTestId('vulnerability').filter({ hasText: 'Anonymous FTP' }).first();
    await card.getByRole('button', { name: /Anonymous FTP/ }).click();
    await card.getByRole('link', { name: 'Remediate' }).click();
    await expect(page).toHaveURL(/vulnerabilityId=/);
    await expect(page.getByText('Disable anonymous FTP').first()).toBeVisible();
    await page.getByRole('button', { name: 'Start Remediation' }).click();
    await expect(page.getByText('Remediation Started', { exact: true })).toBeVisible();

    // The dry run read from the host: exactly the line that changes.
    const diff = page.getByTestId('dry-run-diff').first();
    await expect(diff).toContainText('-anonymous_enable=YES', { timeout: 30_000 });
    await expect(diff).toContainText('+anonymous_enable=NO');
    await shoot(page, 'remediation-dry-run-1440');
    await page.setViewportSize({ width: 390, height: 900 });
    await shoot(page, 'remediation-dry-run-390');
    await page.setViewportSize({ width: 1440, height: 1000 });

    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(status(page, 'verified')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('execution-verification')).toContainText('no finding');
    await shoot(page, 'remediation-verified-1440');

    // The vulnerability is fixed (the check no longer reports it).
    await page.goto('/dashboard/vulnerabilities');
    const fixed = page.getByTestId('vulnerability').filter({ hasText: 'Anonymous FTP' }).first();
    await expect(fixed.getByText('Fixed', { exact: true })).toBeVisible();

    // History → the execution → Roll back: the captured file is restored, the finding is back.
    await page.goto(PAGE);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByTestId('execution-row').first().click();
    await page.getByRole('button', { name: 'Roll back' }).click();
    await expect(status(page, 'rolled_back')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('execution-rollback-verification')).toContainText(
      'Anonymous FTP',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /Export Evidence/ })).toBeEnabled();
    await shoot(page, 'remediation-history-1440');
    await page.goto(PAGE);
    await page.getByRole('tab', { name: 'Active Executions' }).click();
    await expect(page.getByRole('button', { name: 'Schedule Batch' })).toBeEnabled();
    await shoot(page, 'remediation-active-1440');
    await page.getByRole('tab', { name: 'Available Actions' }).click();
    await shoot(page, 'remediation-page-1440');
    await page.setViewportSize({ width: 390, height: 900 });
    await shoot(page, 'remediation-page-390');
    // Nothing wider than the phone: long API names wrap inside their cards.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  } finally {
    await host.stop();
  }
});

test('Without an SSH host the execute flow says what is missing and leads to adding one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const address = res.host(2);
  const server = await startBareWebServer(address, 8899);
  try {
    const email = await newAccount(page, 'remediation-nohost', 'Enterprise');
    await scanThroughApi(page, email, { name: 'Web host', host: address, ports: '8899' });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(PAGE);
    await page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByText('Apache: hide the version', { exact: true }) })
      .getByRole('button', { name: 'Execute' })
      .click();
    const dialog = page.getByRole('dialog');
    const start = dialog.getByRole('button', { name: 'Start Remediation' });
    const check = dialog.getByRole('button', { name: 'Check Prerequisites' });
    // Nothing picked yet: both wait for a finding, and say so.
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription(/Pick the vulnerability to fix/);
    await expect(check).toBeDisabled();

    await dialog.getByRole('radio', { name: /Web server version disclosed/ }).check();
    const missing = dialog.getByTestId('missing-ssh-host');
    await expect(missing).toContainText(`No SSH host for ${address}`);
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription(new RegExp(`No SSH host for ${address}`));
    // The check can be asked, and the server names the same gap.
    await check.click();
    await expect(dialog.getByText(`No SSH connection for ${address}`)).toBeVisible();
    await shoot(page, 'remediation-no-host-1440', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 900 });
    await shoot(page, 'remediation-no-host-390', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 1000 });

    await missing.getByRole('button', { name: 'Add an SSH host' }).click();
    const configure = page.getByRole('dialog', { name: 'Configure Workflows' });
    await expect(configure.getByRole('region', { name: 'SSH hosts' })).toBeVisible();
    await expect(configure.getByRole('form', { name: 'Add SSH host' })).toBeVisible();
  } finally {
    server.close();
  }
});
