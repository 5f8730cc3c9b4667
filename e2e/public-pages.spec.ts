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
