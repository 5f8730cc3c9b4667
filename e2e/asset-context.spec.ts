import { expect, type Locator, type Page, test } from '@playwright/test';
import { connectE2eDatabase, setRoleInDatabase } from './db.ts';
import { newAccount, SCREENSHOT_DIR, shoot } from './support.ts';

// Documentation addresses: the rows are seeded, nothing is ever sent to them.
const HOST = '192.0.2.41';
const DETECTION = {
  method: 'upstream_version',
  qod: 30,
  detail:
    'OpenSSH 9.2p1 is in the affected upstream range; the Debian 12 package may carry the fix',
  distribution: 'Debian 12',
};

/** A completed scan that found HOST up with SSH and HTTP open, and two findings on it. */
async function seedHost(email: string) {
  const db = await connectE2eDatabase();
  try {
    await db.query(
      `with owner as (
         select u.id as user_id, r.organization_id from users u join user_roles r on r.user_id = u.id where u.email = $1
       ), scan as (
         insert into scans (user_id, organization_id, scan_name, scan_type, target_hosts, status, progress,
                            created_at, started_at, completed_at)
         select user_id, organization_id, 'Lab audit', 'vulnerability', array[$2], 'completed', 100,
                now() - interval '1 hour', now() - interval '1 hour', now() - interval '50 minutes'
         from owner returning id
       ), host as (
         insert into scan_hosts (scan_id, address, status) select id, $2, 'up' from scan returning scan_id
       ), services as (
         insert into scan_services (scan_id, host, port, protocol, state, service)
         select scan_id, $2, p, 'tcp', 'open', s from host, (values (22, 'ssh'), (80, 'http')) v(p, s)
       )
       insert into vulnerabilities (user_id, organization_id, scan_id, title, host, port, service,
                                    vulnerability_type, severity, cve_id, risk_score, description, solution,
                                    finding_key, detection, due_at)
       select o.user_id, o.organization_id, s.id, v.title, $2, v.port, v.service, 'known_vulnerable_version',
              v.severity::vuln_severity, v.cve, v.risk, 'Seeded finding.', 'Upgrade the package.', v.k, v.d::jsonb,
              now() + interval '2 days'
       from owner o, scan s, (values
         ('OpenSSH regreSSHion (CVE-2024-6387)', 22, 'ssh', 'high', 'CVE-2024-6387', 81, 'k1', $3),
         ('Imported HTTP finding', 80, 'http', 'medium', null, 40, 'k2', null)
       ) v(title, port, service, severity, cve, risk, k, d)`,
      [email, HOST, JSON.stringify(DETECTION)],
    );
  } finally {
    await db.end();
  }
}

async function choose(editor: Locator, page: Page, label: string, option: string) {
  await editor.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('asset criticality edited on the vulnerability card and the topology panel; detection on the card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(page, 'assets');
  await seedHost(email);

  // The card says how the finding was detected, and plainly that backports are unknown.
  await page.goto('/dashboard/vulnerabilities');
  const card = page.getByTestId('vulnerability').filter({ hasText: 'regreSSHion' });
  await expect(page.getByTestId('vulnerability')).toHaveCount(2, { timeout: 20_000 });
  await expect(card.getByTestId('backports-unknown')).toHaveText('Possible — backports unknown');
  await expect(card).toContainText('QoD 30%');
  await card.getByRole('button', { name: /regreSSHion/ }).click();
  const detection = card.getByTestId('detection');
  await expect(detection).toContainText('Upstream version only (backports unknown)');
  await expect(detection).toContainText('Debian 12');
  await expect(detection).toContainText(DETECTION.detail);
  const imported = page.getByTestId('vulnerability').filter({ hasText: 'Imported HTTP finding' });
  await expect(imported).not.toContainText('QoD');
  await imported.getByRole('button', { name: /Imported HTTP finding/ }).click();
  await expect(imported.getByTestId('detection')).toContainText('Not recorded');
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.screenshot({ path: `${SCREENSHOT_DIR}/vulnerability-detection-1440.png` });

  // The host's asset context, edited from the card's Asset tab.
  await card.getByRole('tab', { name: 'Asset' }).click();
  const editor = card.getByTestId('asset-context');
  await expect(editor).toContainText('Not set for this host yet');
  await choose(editor, page, 'Criticality', 'Critical');
  await choose(editor, page, 'Exposure', 'External');
  await editor.getByLabel('Owner').fill('Platform team');
  await editor.getByLabel('Tags').fill('ssh, prod');
  await editor.getByRole('button', { name: 'Save asset context' }).click();
  await expect(page.getByText('Asset context saved')).toBeVisible();
  await expect(editor).not.toContainText('Not set for this host yet');
  await card.screenshot({ path: `${SCREENSHOT_DIR}/asset-editor-card-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SCREENSHOT_DIR}/asset-editor-card-390.png` });
  await card.getByRole('tab', { name: 'Details' }).click();
  await card.screenshot({ path: `${SCREENSHOT_DIR}/vulnerability-detection-390.png` });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The same context in the topology node panel; changed there, it is what the server holds.
  await page.getByRole('link', { name: 'Network Topology', exact: true }).click();
  await page.locator(`[data-node-id="host:${HOST}"]`).click();
  const details = page.getByTestId('node-details');
  await details.getByRole('button', { name: 'Asset context' }).click();
  const panel = details.getByTestId('asset-context');
  await expect(panel.getByLabel('Criticality')).toHaveText('Critical');
  await expect(panel.getByLabel('Owner')).toHaveValue('Platform team');
  await expect(panel.getByLabel('Tags')).toHaveValue('ssh, prod');
  await choose(panel, page, 'Mission prevalence', 'Essential');
  await panel.getByRole('button', { name: 'Save asset context' }).click();
  // The card's toast may still be showing: the newest one is this save's.
  await expect(page.getByText('Asset context saved').last()).toBeVisible();
  await shoot(page, 'asset-editor-topology-1440', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await details.scrollIntoViewIfNeeded();
  await details.screenshot({ path: `${SCREENSHOT_DIR}/asset-editor-topology-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.reload();
  await page.locator(`[data-node-id="host:${HOST}"]`).click();
  await details.getByRole('button', { name: 'Asset context' }).click();
  await expect(panel.getByLabel('Mission prevalence')).toHaveText('Essential');
  await expect(panel.getByLabel('Criticality')).toHaveText('Critical');

  // A viewer reads the context and cannot change it.
  await setRoleInDatabase(email, 'viewer');
  await page.reload();
  await page.locator(`[data-node-id="host:${HOST}"]`).click();
  await details.getByRole('button', { name: 'Asset context' }).click();
  await expect(panel.getByLabel('Criticality')).toHaveText('Critical');
  await expect(panel.getByLabel('Criticality')).toBeDisabled();
  await expect(panel.getByLabel('Owner')).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Save asset context' })).toHaveCount(0);
  await expect(panel).toContainText(
    'Only admins and security analysts can change asset criticality.',
  );
});
