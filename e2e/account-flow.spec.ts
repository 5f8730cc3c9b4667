import { expect, test } from '@playwright/test';
import { readMailLink, shoot, signIn, signUp, uniqueEmail } from './support.ts';

const SIDEBAR_ROUTES: [string, string][] = [
  ['Scan Network', '/dashboard/scan'],
  ['Packet Analysis', '/dashboard/packets'],
  ['Network Topology', '/dashboard/topology'],
  ['Vulnerabilities', '/dashboard/vulnerabilities'],
  ['Reports', '/dashboard/reports'],
  ['Cloud Security', '/dashboard/cloud'],
  ['Security Testing', '/dashboard/security-testing'],
  ['AI Risk Scoring', '/dashboard/ai-risk-scoring'],
  ['Auto Remediation', '/dashboard/automated-remediation'],
  ['Compliance Evidence', '/dashboard/compliance-evidence'],
  ['SIEM Integrations', '/dashboard/siem-integrations'],
  ['Enterprise Security', '/dashboard/enterprise-security'],
  ['Settings', '/dashboard/settings'],
  ['Billing', '/dashboard/billing'],
  ['System Test', '/dashboard/system-test'],
  ['Dashboard', '/dashboard'],
];

test('sign up, confirm by the e-mailed link, use the dashboard shell, sign out', async ({
  page,
}) => {
  const cspViolations: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) cspViolations.push(msg.text());
  });
  const email = uniqueEmail('e2e');
  await signUp(page, email);

  // An unconfirmed account cannot sign in.
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Str0ng!Passw0rd');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Error signing in')).toBeVisible();
  await expect(page.getByText(/Email not confirmed/)).toBeVisible();

  await page.goto(await readMailLink(email, 'confirm'));
  await expect(page.getByText('Email confirmed')).toBeVisible();

  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Enterprise Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-header-title')).toHaveText('Network Security Dashboard');
  await expect(
    page.getByText('Upgrade to unlock advanced analytics and enterprise features.'),
  ).toBeVisible();
  await expect(page.getByText('No scans yet')).toBeVisible();
  await shoot(page, 'dashboard');

  // Ctrl+B collapses the sidebar; the state survives a reload through the sidebar_state cookie.
  const sidebar = page.locator('[data-slot=sidebar][data-state]').first();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'sidebar_state')?.value).toBe('false');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Enterprise Dashboard' })).toBeVisible();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await shoot(page, 'dashboard-collapsed');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  for (const [name, path] of SIDEBAR_ROUTES) {
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Help & Guide' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByTestId('sign-out-button').click();
  await expect(page).not.toHaveURL(/\/dashboard/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  expect(cspViolations).toEqual([]);
});

test('a password reset link sets a new password', async ({ page }) => {
  const email = uniqueEmail('reset');
  await signUp(page, email);
  await page.goto(await readMailLink(email, 'confirm'));
  await expect(page.getByText('Email confirmed')).toBeVisible();

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.goto(await readMailLink(email, 'reset'));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('N3w!Password');
  await page.getByLabel('Confirm password').fill('N3w!Password');
  // The form offers to revoke the API keys along with the sessions.
  await page.getByLabel('Also revoke my API keys').check();
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/auth/password-reset') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Update password' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ revoke_api_keys: true });
  await expect(page.getByText('Password updated')).toBeVisible();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('N3w!Password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing up with an e-mail that already has an account answers as for a new one', async ({
  page,
}) => {
  const email = uniqueEmail('twice');
  await signUp(page, email);
  // The same success toast: the page does not tell whether the address has an account.
  await signUp(page, email);
  await expect(page.getByText('Error creating account')).toHaveCount(0);
});
