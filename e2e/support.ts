import { readFileSync } from 'node:fs';
import type { TPaidTier } from '@netguard/contracts';
import { expect, type Page } from '@playwright/test';
import { subscribeInDatabase } from './db.ts';

export const SCREENSHOT_DIR = 'artifacts/screenshots';
export const PASSWORD = 'Str0ng!Passw0rd';

/** A unique address per run so reruns against the same database never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Finds the newest link the server logged for mail sent to `email` (no SMTP in tests). */
export async function readMailLink(
  email: string,
  kind: 'confirm' | 'reset' | 'invite',
): Promise<string> {
  const pattern = new RegExp(
    `Email to ${email.replace(/[.+]/g, '\\$&')} \\(.*?\\): (\\S+?\\?${kind}=[\\w-]+)`,
  );
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const log = readFileSync(process.env.E2E_SERVER_LOG ?? 'artifacts/e2e-server.log', 'utf8');
        link = log
          .split('\n')
          .reverse()
          .map((line) => pattern.exec(line)?.[1])
          .find(Boolean);
        return link;
      },
      { timeout: 10_000, message: `no ${kind} mail logged for ${email}` },
    )
    .toBeTruthy();
  return link as string;
}

export async function signUp(page: Page, email: string, username?: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  if (username) await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Account created successfully')).toBeVisible();
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs up a new account, confirms it through the logged mail link and signs in; its email. With
 * `plan`, its organization is on that plan before the sign-in (as a completed checkout would).
 */
export async function newAccount(page: Page, prefix: string, plan?: TPaidTier): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUp(page, email);
  await page.goto(await readMailLink(email, 'confirm'));
  await expect(page.getByText('Email confirmed')).toBeVisible();
  if (plan) await subscribeInDatabase(email, plan);
  await signIn(page, email);
  return email;
}

export async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  // A full-page capture of a scrolled page draws the fixed sidebar and header mid-page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

/** Full-page shots at 1440 and 390 px wide (`<name>-1440`, `<name>-390`), then the old size back. */
export async function shootWidths(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shoot(page, `${name}-${width}`);
  }
  if (before) await page.setViewportSize(before);
}

/** The Authorization header of a fresh API session of `email` (signed in through the API). */
export async function apiHeaders(page: Page, email: string): Promise<{ Authorization: string }> {
  const session = await (
    await page.request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })
  ).json();
  return { Authorization: `Bearer ${session.access_token}` };
}

/**
 * Runs a scan (a vulnerability scan unless `type` says otherwise) through the API as `email`,
 * waits for it to complete and returns its id.
 */
export async function scanThroughApi(
  page: Page,
  email: string,
  scan: { name: string; host: string; ports?: string; type?: string },
): Promise<string> {
  const headers = await apiHeaders(page, email);
  const created = await (
    await page.request.post('/api/scans', {
      headers,
      data: {
        scan_name: scan.name,
        scan_type: scan.type ?? 'vulnerability',
        target_hosts: [scan.host],
        ...(scan.ports ? { ports: scan.ports } : {}),
      },
    })
  ).json();
  expect((await page.request.post(`/api/scans/${created.id}/start`, { headers })).status()).toBe(
    202,
  );
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/scans/${created.id}`, { headers })).json()).status,
      { timeout: 90_000 },
    )
    .toBe('completed');
  return created.id;
}
