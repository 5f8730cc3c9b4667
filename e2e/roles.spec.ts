import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { setRoleInDatabase } from './db.ts';
import {
  newAccount,
  PASSWORD,
  readMailLink,
  SCREENSHOT_DIR,
  shoot,
  signIn,
  signUp,
  uniqueEmail,
} from './support.ts';

/** An address of this spec's own loopback block that nothing listens on. */
const QUIET_HOST = resourcesOf(import.meta.url).host(59);

const SCAN_REFUSED =
  'Insufficient permissions for security scan. Allowed for: Admin, Security Analyst.';

async function bearer(request: APIRequestContext, email: string) {
  const session = await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  return { authorization: `Bearer ${(await session.json()).access_token}` };
}

/** A completed Network Discovery of an address nothing listens on, so reports have data. */
async function completeDiscovery(request: APIRequestContext, email: string) {
  const headers = await bearer(request, email);
  const created = await request.post('/api/scans', {
    headers,
    data: { scan_name: 'Audit base', scan_type: 'network', target_hosts: [QUIET_HOST] },
  });
  const { id } = await created.json();
  expect((await request.post(`/api/scans/${id}/start`, { headers })).status()).toBe(202);
  await expect
    .poll(async () => (await (await request.get(`/api/scans/${id}`, { headers })).json()).status, {
      timeout: 120_000,
      intervals: [1_000],
    })
    .toBe('completed');
}

test('an auditor downloads a report but cannot start a scan: disabled with the reason, 403 from the API', async ({
  page,
  request,
}) => {
  test.setTimeout(200_000);
  const email = await newAccount(page, 'auditor');
  await completeDiscovery(request, email);
  await setRoleInDatabase(email, 'auditor');
  await page.reload();

  // The sidebar shows what the role cannot open as disabled, with the reason and who can.
  const scanItem = page.getByRole('button', { name: /^Scan Network/ });
  await expect(scanItem).toHaveAttribute('aria-disabled', 'true');
  await expect(scanItem).toHaveAttribute('title', SCAN_REFUSED);
  await expect(page.getByRole('link', { name: 'Scan Network' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Vulnerabilities/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^New Scan/ })).toBeDisabled();
  // The recent scan is listed, without links into the scan pages the role cannot open.
  const recent = page.getByTestId('recent-scans');
  await expect(recent).toContainText('Audit base');
  await expect(recent.getByRole('link')).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'roles-auditor-dashboard-1440', { fullPage: false });

  // The scan form, opened by its address, cannot be sent; the server refuses it anyway.
  await page.goto('/dashboard/scan');
  await expect(page.getByTestId('permission-note')).toHaveText(SCAN_REFUSED);
  await expect(page.getByRole('button', { name: 'Launch Scan' })).toBeDisabled();
  const refused = await request.post('/api/scans', {
    headers: await bearer(request, email),
    data: { scan_name: 'Not allowed', scan_type: 'network', target_hosts: [QUIET_HOST] },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toEqual({
    code: 'forbidden',
    message: 'Insufficient permissions for security scan',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'roles-auditor-scan-form-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Reports are the auditor's: generate one and download it.
  await page.goto('/dashboard/reports');
  await page.getByTestId('generator-executive').getByRole('button').click();
  const item = page.getByTestId('report-item').first();
  await expect(item).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await item.getByRole('button', { name: 'Download' }).click();
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /PDF/ }).click(),
  ]);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('an admin invites a colleague who joins as security analyst: scanning yes, Settings → Members no', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await newAccount(page, 'team-admin');
  const colleague = uniqueEmail('team-analyst');
  await page.goto('/dashboard/settings');
  const card = page.getByTestId('members-card');
  await page.getByLabel('Invite by e-mail').fill(colleague);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  const pending = page.getByTestId('invitation');
  await expect(pending).toContainText(colleague);
  await expect(pending).toContainText('Security Analyst');
  await card.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.screenshot({ path: `${SCREENSHOT_DIR}/members-card-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SCREENSHOT_DIR}/members-card-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The colleague opens the mailed link in another browser, signs up, confirms and signs in.
  const invited = await browser.newPage();
  await invited.goto(await readMailLink(colleague, 'invite'));
  await expect(invited.getByTestId('invitation-hint')).toBeVisible();
  await signUp(invited, colleague);
  await invited.goto(await readMailLink(colleague, 'confirm'));
  await expect(invited.getByText('Email confirmed')).toBeVisible();
  await signIn(invited, colleague);
  await expect(invited.getByText('Invitation accepted')).toBeVisible();
  const switcher = invited.getByRole('combobox', { name: 'Organization' });
  await expect(switcher).toContainText('Security Analyst');
  await expect(invited.getByRole('link', { name: 'Scan Network' })).toBeVisible();
  await invited.goto('/dashboard/settings');
  await expect(invited.getByText('Your account details')).toBeVisible();
  await expect(invited.getByTestId('members-card')).toHaveCount(0);
  // The choice of organization survives a reload.
  await invited.reload();
  await expect(switcher).toContainText('Security Analyst');
  await shoot(invited, 'members-invitee-settings', { fullPage: false });

  // The admin sees the new member with the role, and no pending invitation.
  await page.reload();
  const members = page.getByTestId('member');
  await expect(members).toHaveCount(2);
  await expect(members.filter({ hasText: colleague })).toBeVisible();
  await expect(page.getByTestId('invitation')).toHaveCount(0);
  await expect(page.getByLabel(`Role of ${colleague}`)).toHaveText('Security Analyst');
  await expect(page.getByLabel(`Role of ${admin}`)).toHaveText('Admin');
  await invited.close();
});
