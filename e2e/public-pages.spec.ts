import { expect, test } from '@playwright/test';
import { shoot } from './support.ts';

test('landing page offers sign-in, get started, learn more and the four features', async ({
  page,
}) => {
  await page.goto('/');
  for (const title of [
    'Network Scanning',
    'Packet Analysis',
    'Vulnerability Detection',
    'Security Reports',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await shoot(page, 'landing');
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await shoot(page, 'auth');
});

test('help page shows the guide, a searchable FAQ and features', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Help & User Guide' })).toBeVisible();
  await shoot(page, 'help');
  await page.getByRole('tab', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/tab=faq/);
  await page.getByPlaceholder('Search FAQ...').fill('zzzz-no-such-question');
  await expect(page.getByText('No FAQ items found matching your search.')).toBeVisible();
  await page.goto('/help?tab=features');
  await expect(page.getByRole('tab', { name: 'Features' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('the Help guide states the frameworks reports cover and how this page was reached', async ({
  page,
}) => {
  await page.goto('/help');
  // The first page of a run can wait on the server's start-up work.
  await expect(page.getByRole('heading', { name: 'Help & User Guide' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText(
      'Compliance reports map control status to ISO 27001, NIST CSF and CIS Controls.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/GDPR|HIPAA/)).toHaveCount(0);
  await expect(page.getByTestId('practice-warning')).toContainText(
    'This page reached NetGuard over plain HTTP:',
  );
  await expect(page.getByText(/encrypted in transit and at rest/)).toHaveCount(0);
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await shoot(page, `help-${size.width}`);
    await page.getByRole('heading', { name: 'Data Security' }).scrollIntoViewIfNeeded();
    await shoot(page, `help-data-security-${size.width}`, { fullPage: false });
  }
});

test('an unknown path shows the not-found page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(errors.some((text) => text.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out visitor of the dashboard is sent to /auth', async ({ page }) => {
  await page.goto('/dashboard/vulnerabilities');
  await expect(page).toHaveURL(/\/auth$/);
});
