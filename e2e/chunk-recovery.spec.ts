import { expect, test } from '@playwright/test';
import { shoot } from './support.ts';

// A page's code that fails to arrive (the network changed under the browser, a new release
// renamed the files) reloads the page once; when that does not help, an error page says so.
const AUTH_CHUNK = /\/assets\/auth-page-[\w-]+\.js$/;

test('a page whose code failed once reloads and opens', async ({ page }) => {
  let aborted = 0;
  await page.route(AUTH_CHUNK, async (route) => {
    if (aborted++ === 0) return route.abort('internetdisconnected');
    return route.continue();
  });
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  expect(aborted).toBe(2);
});

test('a page whose code keeps failing shows an error page with Reload, not a loop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  let requests = 0;
  await page.route(AUTH_CHUNK, async (route) => {
    requests++;
    return route.abort('internetdisconnected');
  });
  await page.goto('/auth');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  expect(requests).toBe(2);
  await shoot(page, 'chunk-error-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'chunk-error-390');

  // Reload by hand once the network is back.
  await page.unroute(AUTH_CHUNK);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
});
