import { expect, type Page, test } from '@playwright/test';
import { resourcesOf } from '../scripts/testing/resources.ts';
import { runNetguardCli } from './db.ts';
import { epssCsv, uploadFeed } from './feed-files.ts';
import { startSshBanner } from './ssh-banner.ts';
import { newAccount, PASSWORD, shoot } from './support.ts';

/** A loopback address of this spec's own block; port 22 is in every scan profile. */
const HOST = resourcesOf(import.meta.url).host(57);
const CVE = 'CVE-2024-6387';

/**
 * Fixture feeds imported the way an air-gapped site does it: the account becomes a deployment
 * operator and uploads a KEV catalog naming the CVE and an EPSS file from yesterday in Settings.
 */
async function importFixtureFeeds(page: Page, email: string) {
  runNetguardCli('operators', 'add', email);
  await page.goto('/dashboard/settings');
  const card = page.locator('[data-slot="card"]', { hasText: 'Threat Intelligence Feeds' });
  const kev = JSON.stringify({
    catalogVersion: '2026.11.24',
    dateReleased: '2026-11-24T12:00:00.000Z',
    vulnerabilities: [
      {
        cveID: CVE,
        dateAdded: '2024-07-10',
        dueDate: '2024-07-31',
        knownRansomwareCampaignUse: 'Unknown',
      },
    ],
  });
  await uploadFeed(page, 'CISA Known Exploited Vulnerabilities', 'kev.json', kev);
  const kevItem = card.getByRole('listitem', { name: 'CISA Known Exploited Vulnerabilities' });
  await expect(kevItem.getByText('2026.11.24')).toBeVisible({ timeout: 20_000 });
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await uploadFeed(page, 'FIRST EPSS', 'epss.csv', epssCsv(yesterday, [[CVE, 0.41234, 0.97]]));
  const epssItem = card.getByRole('listitem', { name: 'FIRST EPSS' });
  await expect(epssItem.getByText('1 imported · 0 skipped of 1')).toBeVisible({ timeout: 20_000 });
}

/** Runs a real vulnerability scan of HOST through the API and waits until it has completed. */
async function scanHost(page: Page, email: string) {
  const session = await page.request.post('/api/auth/sign-in', {
    data: { email, password: PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await session.json()).access_token}` };
  const created = await page.request.post('/api/scans', {
    headers,
    data: { scan_name: 'Risk scoring', scan_type: 'vulnerability', target_hosts: [HOST] },
  });
  const { id } = await created.json();
  expect((await page.request.post(`/api/scans/${id}/start`, { headers })).status()).toBe(202);
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/scans/${id}`, { headers })).json()).status,
      {
        timeout: 150_000,
        intervals: [1_000],
      },
    )
    .toBe('completed');
  return id as string;
}

/**
 * The trend and insights answers (the server's own) reach the browser a moment after the page's
 * other reads, as on a direct load where the socket's first subscription re-reads everything.
 */
async function answerTrendAndInsightsLast(page: Page) {
  await page.route(/\/api\/risk\/(trends|insights)\?/, async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.fulfill({ response });
  });
}

const card = (page: Page, title: string) =>
  page.getByTestId('stat-card').filter({ hasText: title });

test('risk scoring after a real scan: cards per range, assessment with its decision path, queue, trend, insights', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const closeSsh = await startSshBanner(HOST);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    const email = await newAccount(page, 'risk', 'Enterprise');
    await page.goto('/dashboard/ai-risk-scoring');
    await expect(page.getByRole('heading', { name: 'AI-Powered Risk Scoring' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('No risk assessments in this range')).toBeVisible();
    await expect(card(page, 'AI Confidence')).toContainText('—');
    await expect(card(page, 'AI Confidence')).toContainText('No assessment in the last 7 days');

    await importFixtureFeeds(page, email);
    const scanId = await scanHost(page, email);
    await page.goto('/dashboard/ai-risk-scoring');

    const assessment = page.getByTestId('risk-assessment').filter({ hasText: CVE });
    await expect(assessment).toBeVisible({ timeout: 20_000 });
    await expect(assessment).toContainText(`${HOST}:22`);
    await expect(assessment.getByTestId('risk-score')).toHaveText(/^\d+\/100$/);
    await expect(assessment).toContainText(/Confidence \d+%/);
    await expect(assessment.getByTestId('score-bar')).toHaveCount(3);
    await expect(card(page, 'AI Confidence')).toContainText(/\d+%/);
    // No language model is configured: nothing on the page claims to be its output.
    await expect(page.getByTestId('narrative')).toHaveCount(0);
    await expect(page.getByText('AI narrative')).toHaveCount(0);

    await assessment.getByRole('button', { name: 'Why this score' }).click();
    const path = assessment.getByTestId('decision-path');
    await expect(path).toBeVisible();
    await expect(path.getByTestId('decision-step').first()).toBeVisible();
    expect(await path.getByTestId('decision-step').count()).toBeGreaterThanOrEqual(4);
    // The fixture KEV row is the evidence of the first decision point.
    const exploitation = path.getByTestId('decision-step').first();
    await expect(exploitation).toContainText('Exploitation');
    await expect(exploitation).toContainText('active');
    await expect(exploitation).toContainText('CISA KEV');
    await expect(path.getByTestId('decision-outcome')).toContainText(
      /Coordinator: (Track\*?|Attend|Act)/,
    );
    await expect(path.getByTestId('decision-outcome')).toContainText(
      /Deployer: (Defer|Scheduled|Out-of-Cycle|Immediate)/,
    );
    const evidence = assessment.getByTestId('evidence');
    await expect(evidence).toContainText('In CISA KEV since Jul 10, 2024, due Jul 31, 2024');
    await expect(evidence).toContainText('EPSS 0.412 (percentile 97%)');
    await expect(evidence).toContainText('model v2025.03.14');
    await expect(assessment.getByTestId('multipliers').locator('li')).toHaveCount(4);
    await page.mouse.move(0, 0);
    await shoot(page, 'risk-scoring-assessment');

    // The range drives every read: the cards are recomputed over 30 days.
    await page.getByLabel('Time range').click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    await expect(page).toHaveURL(/range=30d/);
    await expect(card(page, 'Risk Reduction')).toContainText('30 days');
    await expect(page.getByTestId('risk-assessment').filter({ hasText: CVE })).toBeVisible();

    await page.getByRole('tab', { name: 'AI Prioritization' }).click();
    const row = page.getByTestId('priority-item').filter({ hasText: CVE });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/Deployer: /);
    await expect(row).toContainText(/Score \d+/);

    await page.getByRole('tab', { name: 'Trend Analysis' }).click();
    await expect(page.getByTestId('risk-trend')).toBeVisible();
    await shoot(page, 'risk-scoring-trend');

    await page.getByRole('tab', { name: 'AI Insights' }).click();
    // The KEV statement links to the vulnerability behind it.
    const insight = page.getByTestId('risk-insight').filter({ hasText: 'KEV' });
    await expect(insight.getByRole('link', { name: new RegExp(CVE) })).toHaveAttribute(
      'href',
      `/dashboard/vulnerabilities?q=${CVE}`,
    );
    await shoot(page, 'risk-scoring-insights');

    await page.getByRole('tab', { name: 'AI Prioritization' }).click();
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/vulnerabilities\\?q=${CVE}`));
    await expect(page.getByTestId('vulnerability').filter({ hasText: CVE }).first()).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/ai-risk-scoring?range=90d');
    await expect(card(page, 'Risk Reduction')).toContainText('90 days');
    const mobile = page.getByTestId('risk-assessment').filter({ hasText: CVE });
    await mobile.getByRole('button', { name: 'Why this score' }).click();
    await expect(mobile.getByTestId('decision-path')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'risk-scoring-mobile');

    // The scan's own findings say how each was detected.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/dashboard/scans/${scanId}`);
    const finding = page.getByTestId('finding').filter({ hasText: CVE });
    await expect(finding).toContainText('QoD 97%');
    await finding.getByRole('button').first().click();
    await expect(finding.getByTestId('detection')).toContainText(
      'Package revision matched against the distribution fix',
    );
  } finally {
    await closeSsh();
  }
});

test('opened by URL or reloaded, Trend Analysis and AI Insights show their answers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await newAccount(page, 'risk-load', 'Enterprise');
  await answerTrendAndInsightsLast(page);
  const answered = () =>
    Promise.all(
      ['trends', 'insights'].map((read) =>
        page.waitForResponse((response) => response.url().includes(`/api/risk/${read}?`)),
      ),
    );
  for (const open of [() => page.goto('/dashboard/ai-risk-scoring'), () => page.reload()]) {
    const answers = answered();
    await open();
    await answers;
    await page.getByRole('tab', { name: 'Trend Analysis' }).click();
    await expect(page.getByText('No risk recorded in this range')).toBeVisible({ timeout: 3_000 });
    await page.getByRole('tab', { name: 'AI Insights' }).click();
    await expect(page.getByText('No insights in this range')).toBeVisible({ timeout: 3_000 });
  }
});
