import { expect, type Page, test } from '@playwright/test';
import { connectE2eDatabase, setRoleInDatabase, subscribeInDatabase } from './db.ts';
import { stealRefreshToken } from './session-theft.ts';
import { PASSWORD, readMailLink, signUp, uniqueEmail } from './support.ts';

const SCREENS = 'artifacts/screens';
const URL = '/dashboard/enterprise-security';

/**
 * Signs up, confirms, puts the organization on Enterprise and signs in (as support.ts newAccount
 * does, with an exact button name: the sign-in form also has "Sign in with SSO").
 */
async function newAccount(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUp(page, email);
  await page.goto(await readMailLink(email, 'confirm'));
  await expect(page.getByText('Email confirmed')).toBeVisible();
  await subscribeInDatabase(email, 'Enterprise');
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

async function screens(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an admin runs the security scan, sees the result and its details, also after a reload', async ({
  page,
}) => {
  await newAccount(page, 'esc-admin');
  await page.getByRole('link', { name: 'Enterprise Security' }).click();
  await expect(page).toHaveURL(URL);
  await expect(page.getByRole('heading', { name: 'Enterprise Security Center' })).toBeVisible();
  await expect(page.getByTestId('card-events')).toContainText('Last 24 hours');
  await expect(page.getByTestId('card-alerts')).toContainText('Requires immediate attention');
  // A new account has collected no compliance evidence: its compliance is not assessed.
  await expect(page.getByTestId('card-compliance')).toContainText('Not assessed');
  await expect(page.getByTestId('card-compliance')).toContainText('0 of 5 frameworks assessed');
  await screens(page, 'enterprise-security');

  await page.getByRole('button', { name: 'Run Security Scan' }).click();
  // The account has no MFA and no completed scan: two issues.
  await expect(page.getByTestId('scan-result')).toContainText(
    'Security scan completed. Found 2 potential issues.',
  );
  await expect(page.getByTestId('risk-badge')).toHaveText('High');
  await page.getByRole('button', { name: 'View Details' }).click();
  const issues = page.getByTestId('assessment-issue');
  await expect(issues).toHaveCount(2);
  await expect(issues.filter({ hasText: 'has no multi-factor authentication' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Run a scan' })).toHaveAttribute(
    'href',
    '/dashboard/scan',
  );
  await screens(page, 'enterprise-security-details');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByTestId('scan-result')).toContainText('Found 2 potential issues.');

  await page.getByRole('tab', { name: 'Compliance' }).click();
  await expect(page.getByTestId('framework-soc2')).toContainText('Not assessed');
  await expect(page.getByTestId('framework-hipaa')).toContainText('Not assessed');

  // Collect SOC 2 evidence on its page: the card and the tab read the same framework statuses.
  await page.goto('/dashboard/compliance-evidence');
  const soc2Card = page.locator('[data-testid=framework-card][data-framework=soc2]');
  await soc2Card.getByRole('button', { name: 'Collect Evidence' }).click();
  await expect(
    page
      .getByTestId('evidence-run')
      .filter({ hasText: /^SOC 2: / })
      .filter({ hasText: 'On demand' })
      .first(),
  ).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(soc2Card.getByTestId('framework-score')).toHaveText(/^\d+%$/);
  await expect(page.getByTestId('evidence-summary-score')).not.toContainText('—');
  const evidenceScore = (await soc2Card.getByTestId('framework-score').textContent()) ?? '';
  const overall =
    (await page.getByTestId('evidence-summary-score').locator('.text-2xl').textContent()) ?? '';
  await page.goto(URL);
  await expect(page.getByTestId('card-compliance')).toContainText(overall);
  await page.getByRole('tab', { name: 'Compliance' }).click();
  await expect(page.getByTestId('framework-soc2')).toContainText(`${evidenceScore} Compliant`);
  await screens(page, 'enterprise-security-compliance');
  await page.getByRole('tab', { name: 'Security Policies' }).click();
  await expect(page.getByTestId('policy-password')).toContainText('Not enforced');

  // Manage Policies: a longer minimum makes the password policy enforced.
  await page.getByRole('button', { name: 'Manage Policies' }).click();
  await page.getByLabel('Minimum length').fill('14');
  await page.getByRole('button', { name: 'Save Policies' }).click();
  await expect(page.getByText('Security policies saved')).toBeVisible();
  await expect(page.getByTestId('policy-password')).toContainText('Enforced');
  await expect(page.getByTestId('policy-password')).toContainText('At least 14 characters');

  await page.getByRole('tab', { name: 'Recent Events' }).click();
  await expect(page.getByTestId('event-list')).toContainText('Security policies changed');
  await screens(page, 'enterprise-security-events');
});

test('an auditor sees the page, but Run Security Scan is disabled with the reason', async ({
  page,
}) => {
  const email = await newAccount(page, 'esc-auditor');
  await setRoleInDatabase(email, 'auditor');
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Enterprise Security Center' })).toBeVisible();
  const run = page.getByRole('button', { name: 'Run Security Scan' });
  await expect(run).toBeDisabled();
  await expect(run).toHaveAttribute(
    'title',
    'Insufficient permissions for security scan. Allowed for: Admin.',
  );
  await expect(page.locator('#scan-denied')).toHaveText(
    'Insufficient permissions for security scan. Allowed for: Admin.',
  );
  await expect(page.getByRole('button', { name: 'Manage Policies' })).toBeDisabled();
  await screens(page, 'enterprise-security-auditor');

  // A viewer finds the sidebar item disabled with the reason.
  await setRoleInDatabase(email, 'viewer');
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: /^Enterprise Security/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

test('a failed sign-in burst opens an incident in the Security Incidents tab', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(page, 'esc-burst');
  for (let i = 0; i < 7; i++) {
    await request.post('/api/auth/sign-in', { data: { email, password: 'Wr0ng!password' } });
  }
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Enterprise Security Center' })).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByRole('tab', { name: 'Security Incidents' }).click();
        await page.waitForTimeout(500);
        return page.getByText('No active security incidents').count();
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(0);
  await expect(page.getByRole('tabpanel')).toContainText(/failed|sign-in|auth/i);
  await screens(page, 'enterprise-security-incidents');
});

test('the Critical Alerts card links to the critical event behind it; Recent Events hides routine permission grants', async ({
  page,
  baseURL,
}) => {
  const email = await newAccount(page, 'esc-alert');
  // A replayed refresh token: the server logs a critical security violation for the account.
  const db = await connectE2eDatabase();
  try {
    await stealRefreshToken(baseURL ?? '', db, email);
  } finally {
    await db.end();
  }
  await page.goto(URL);
  const card = page.getByTestId('card-alerts');
  await expect(card).toContainText('1 critical event in 24 hours');
  await expect(card).toContainText('0 open critical incidents');
  await screens(page, 'enterprise-security-alerts');

  await card.getByRole('link', { name: '1 critical event in 24 hours' }).click();
  await expect(page).toHaveURL(/tab=events&severity=critical&window=24h/);
  const list = page.getByTestId('event-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Refresh token reuse detected');
  await screens(page, 'enterprise-security-critical-events');

  // All events: the per-request grants stay hidden until asked for.
  await page.getByRole('button', { name: 'Last 24 hours' }).click();
  await page.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'All severities' }).click();
  await expect(list).toContainText('Refresh token reuse detected');
  await expect(list).not.toContainText('Permission granted');
  await page.getByLabel('Show permission grants').click();
  await expect(list).toContainText('Permission granted');
  await expect(page).toHaveURL(/grants=show/);
});
