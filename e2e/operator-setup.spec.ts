import { readFileSync } from 'node:fs';
import { OPERATOR_SETUP_TEXT } from '@netguard/contracts';
import { expect, test } from '@playwright/test';
import { newAccount, shoot } from './support.ts';

/** The first-operator link the server printed at start (its log line carries it as `link`). */
function setupLink(): string {
  const log = readFileSync(process.env.E2E_SERVER_LOG ?? 'artifacts/e2e-server.log', 'utf8');
  const link = /"link":"([^"]+operator_setup=[^"]+)"/.exec(log)?.[1];
  if (!link) throw new Error('the server printed no operator setup link');
  return link;
}

test('the link printed at start makes the person who opens it, signed up, the operator; once', async ({
  page,
}) => {
  const link = setupLink();
  // Open the link first, then sign up and in: the link is kept across the sign-up.
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth$/);
  await newAccount(page, 'operator');
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Deployment operator' });
  await expect(toast).toContainText(OPERATOR_SETUP_TEXT.claimed);
  await shoot(page, 'operator-setup-1440', { fullPage: false });

  // A second person with the same link gets nothing.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  // The page keeps the link once its code has run: it then takes the token off the address.
  await expect(page).toHaveURL(/\/auth$/);
  await newAccount(page, 'operator-too-late');
  const refused = page.locator('[data-sonner-toast]', {
    hasText: 'The operator setup link did not work',
  });
  await expect(refused).toContainText(OPERATOR_SETUP_TEXT.invalid);
});
