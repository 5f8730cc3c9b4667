import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { connectE2eDatabase } from './db.ts';
import { newAccount, scanThroughApi, shoot } from './support.ts';
import { LONG_VECTOR, seedFindings, seedKevEvent } from './vulnerability-seed.ts';

/** The scanned web server's address, in this spec's own loopback block. */
const HOST = resourcesOf(import.meta.url).host(31);

test('real findings: search, filters, details, mitigation status and CSV export', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html>intranet</html>');
  });
  server.listen(8888, HOST);
  await once(server, 'listening');
  try {
    const email = await newAccount(page, 'vulns');
    await page.goto('/dashboard/vulnerabilities');
    await expect(page.getByText('No vulnerabilities found')).toBeVisible();
    await expect(
      page.getByText('Run a vulnerability scan to detect security issues'),
    ).toBeVisible();

    await scanThroughApi(page, email, { name: 'Vulnerability page', host: HOST });
    await page.reload();
    const card = page
      .getByTestId('vulnerability')
      .filter({ hasText: 'Missing HTTP security headers' });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`${HOST}:8888 (http)`);
    await expect(card).toContainText(/Risk Score: \d+/);
    await expect(card).toContainText('Due in');
    await card.getByRole('button', { name: /Missing HTTP security headers/ }).click();
    await expect(card.getByText('misconfiguration')).toBeVisible();

    await page.getByLabel('Search vulnerabilities').fill('security headers');
    await expect(page).toHaveURL(/q=security\+headers/);
    await expect(page.getByTestId('vulnerability')).toHaveCount(1);
    await page.getByLabel('Severity').click();
    await page.getByRole('option', { name: 'Critical' }).click();
    await expect(page.getByText('Try adjusting your search filters')).toBeVisible();
    await page.getByLabel('Severity').click();
    await page.getByRole('option', { name: 'All Severities' }).click();
    await expect(card).toBeVisible();
    await shoot(page, 'vulnerabilities');

    await card.getByRole('tab', { name: /Mitigation/ }).click();
    const action = card.getByTestId('mitigation-action').first();
    await expect(action).toContainText(/Estimated time: \d+ minutes/);
    await action.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(page.getByText('Status updated')).toBeVisible();
    await expect(card.getByText('Mitigated', { exact: true })).toBeVisible();
    await shoot(page, 'vulnerabilities-mitigation');
    await page.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Unmitigated' }).click();
    await expect(card).toBeHidden();

    await page.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Mitigated', exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,title,severity,state,mitigated/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Missing HTTP security headers');
  } finally {
    server.close();
  }
});

test('10,000 vulnerabilities scroll with a bounded number of cards mounted', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await newAccount(page, 'bulk');
  const db = await connectE2eDatabase();
  try {
    await db.query(
      `with owner as (
         select u.id as user_id, r.organization_id from users u join user_roles r on r.user_id = u.id where u.email = $1
       ), inserted as (
         insert into vulnerabilities (user_id, organization_id, title, host, port, vulnerability_type, severity,
                                      risk_score, finding_key, created_at, first_seen_at, last_seen_at, due_at)
         select o.user_id, o.organization_id, 'Seeded finding ' || g, '198.51.100.' || (g % 250), 443, 'misconfiguration',
                (array['critical','high','medium','low','info'])[1 + g % 5]::vuln_severity, g % 100, 'seed|' || g,
                now() - g * interval '1 second', now() - g * interval '1 second', now(), now() + interval '7 days'
         from owner o, generate_series(1, 10000) g
         returning id, user_id, organization_id
       )
       insert into threat_mitigation_actions (vulnerability_id, organization_id, user_id, action_type, title, priority)
       select id, organization_id, user_id, 'configuration', 'Harden the service', 'high' from inserted`,
      [email],
    );
  } finally {
    await db.end();
  }
  await page.goto('/dashboard/vulnerabilities');
  await expect(page.getByText('10000 vulnerabilities')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('vulnerability').first()).toContainText('Seeded finding 1');
  const mounted = () => page.getByTestId('vulnerability').count();
  expect(await mounted()).toBeLessThan(30);

  // Jump to the end: the pages in between load on demand and the last card appears.
  const last = page.getByTestId('vulnerability').filter({ hasText: 'Seeded finding 10000' });
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(last).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  expect(await mounted()).toBeLessThan(30);
  await shoot(page, 'vulnerabilities-10k-end', { fullPage: false });
});

/** The page's full height once every card has been measured (the list is virtualised). */
async function settledHeight(page: Page): Promise<number> {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const height = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    if (height === last) return height;
    last = height;
    await page.waitForTimeout(150);
  }
  return last;
}

/** Cards whose content is wider than the card itself (e.g. an unbroken CVSS vector). */
const overflowingCards = (page: Page) =>
  page
    .getByTestId('vulnerability')
    .evaluateAll((cards) =>
      cards
        .filter((card) => card.scrollWidth > card.clientWidth)
        .map((card) => `${card.scrollWidth} > ${card.clientWidth}`),
    );

test('27 findings start collapsed, expand and collapse together, and fit a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await newAccount(page, 'vulns27');
  await seedFindings(email, 27);
  await seedKevEvent(email, 'Finding 1 on the intranet host');
  await page.goto('/dashboard/vulnerabilities');
  await expect(page.getByText('27 vulnerabilities')).toBeVisible({ timeout: 20_000 });

  const collapsed = await settledHeight(page);
  console.log(`27 findings, collapsed, 1440 px: page height ${collapsed} px`);
  expect(collapsed).toBeLessThan(4_500);
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveCount(0);
  await shoot(page, 'vulnerabilities-27-collapsed-1440');

  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(page.getByRole('tab', { name: 'Details' }).first()).toBeVisible();
  const expanded = await settledHeight(page);
  console.log(`27 findings, expanded, 1440 px: page height ${expanded} px`);
  expect(expanded).toBeGreaterThan(collapsed * 2);
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveCount(0);
  // Back to about the collapsed height (cards not mounted count at their estimated size).
  expect(Math.abs((await settledHeight(page)) - collapsed)).toBeLessThan(collapsed * 0.1);

  // One card opens on its own; its Mitigation tab shows the steps.
  await page.evaluate(() => window.scrollTo(0, 0));
  const first = page.getByTestId('vulnerability').first();
  await first.getByRole('button', { name: /Finding 1 on the intranet host/ }).click();
  await expect(first.getByRole('button', { name: /Finding 1 / })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await first.getByRole('tab', { name: /Mitigation \(1\)/ }).click();
  await expect(first.getByTestId('mitigation-action')).toContainText('Re-scan the host.');
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveCount(1);
  // Its History tab shows the KEV re-evaluation with its source.
  await first.getByRole('tab', { name: 'History' }).click();
  const event = first.getByTestId('history-event');
  await expect(event).toContainText('Priority changed');
  await expect(event).toContainText('risk 51 → 100, priority immediate (was urgent)');
  await expect(event).toContainText('Source: CISA KEV catalog (feed import)');

  // A phone: the CVSS vector wraps inside its card.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(page.getByText(LONG_VECTOR, { exact: false }).first()).toBeVisible();
  expect(await overflowingCards(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId('vulnerability').nth(1).getByText('CVSS 9.8').scrollIntoViewIfNeeded();
  await shoot(page, 'vulnerabilities-27-expanded-390', { fullPage: false });
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await shoot(page, 'vulnerabilities-27-collapsed-390', { fullPage: false });
});
