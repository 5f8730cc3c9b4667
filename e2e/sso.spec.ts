import { SSO_TEXT } from '@netguard/contracts';
import { expect, test } from '@playwright/test';
import { type DnsServer, startDnsServer } from '../apps/server/test/sso-dns.ts';
import { type OidcIdp, startOidcIdp } from '../apps/server/test/sso-helpers.ts';
import { E2E_PORT, E2E_SSO_DNS } from '../playwright.config.ts';
import { subscribeInDatabase } from './db.ts';
import { newAccount, shoot } from './support.ts';

const SCREENS = 'artifacts/screens';
const DOMAIN = `sso-e2e-${Date.now()}.test`;
const PERSON = `pat@${DOMAIN}`;

let idp: OidcIdp;
/** The DNS server the e2e server asks (SSO_DNS_RESOLVERS in playwright.config.ts). */
let dns: DnsServer;

test.beforeAll(async () => {
  dns = await startDnsServer({ ...E2E_SSO_DNS, zones: ['test'], records: {} });
  // A real OpenID Connect provider on loopback; the browser signs in at its login form.
  idp = await startOidcIdp(`http://localhost:${E2E_PORT}/api/sso/oidc/callback`);
  idp.users.set('pat', { email: PERSON, groups: ['secops'] });
});
test.afterAll(async () => {
  await idp?.close();
  await dns?.stop();
});

test('an admin configures OIDC in Settings; a person signs in with SSO and lands on the dashboard', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await newAccount(page, 'sso-admin');
  await page.goto('/dashboard/settings');
  const card = page.getByTestId('sso-card');
  await expect(card.getByTestId('sso-plan-note')).toBeVisible({ timeout: 15_000 });

  await subscribeInDatabase(admin);
  await page.reload();
  await expect(card.getByLabel('Issuer URL')).toBeVisible({ timeout: 15_000 });
  await card.getByLabel('Issuer URL').fill(idp.issuer);
  await card.getByLabel('Client ID').fill(idp.clientId);
  await card.getByLabel('Client secret').fill(idp.clientSecret);
  await card.getByLabel('Allowed e-mail domains').fill(DOMAIN);
  await card.getByRole('button', { name: 'Add mapping' }).click();
  await card.getByRole('textbox', { name: 'Group 1' }).fill('secops');
  await card.getByLabel('Role for group 1').click();
  await page.getByRole('option', { name: 'Security Analyst' }).click();
  await card.getByRole('button', { name: 'Save SSO configuration' }).click();
  await expect(page.getByText('SSO configuration saved')).toBeVisible();
  await expect(card.getByText(`http://localhost:${E2E_PORT}/api/sso/oidc/callback`)).toBeVisible();
  await expect(card.getByLabel('Client secret')).toHaveAttribute(
    'placeholder',
    'Stored (leave empty to keep)',
  );

  // The domain routes nothing until the TXT record shown proves it.
  const domain = card.getByTestId('sso-domain');
  await expect(domain.getByTestId('sso-domain-status')).toHaveText('Unverified');
  await expect(domain.getByText(SSO_TEXT.domainNeverChecked)).toBeVisible();
  const recordName = `_netguard-challenge.${DOMAIN}`;
  await expect(domain.getByText(recordName, { exact: true })).toBeVisible();
  const recordValue =
    (await domain
      .locator('code')
      .filter({ hasText: 'netguard-domain-verification=' })
      .textContent()) ?? '';
  expect(recordValue).toMatch(/^netguard-domain-verification=[\w-]+$/);
  await domain.getByRole('button', { name: 'Verify' }).click();
  await expect(domain.getByTestId('sso-domain-error')).toHaveText(
    SSO_TEXT.dnsRecordMissing(recordName),
  );
  await expect(domain.getByTestId('sso-domain-status')).toHaveText('Unverified');
  await expect(domain.getByText(/^Last checked /)).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1400 });
    await domain.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SCREENS}/sso-domain-unverified-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 1400 });

  // A person who signs in with SSO now is told to use the password.
  const early = await page.request.post('/api/sso/start', { data: { email: PERSON } });
  expect(early.status()).toBe(404);

  // Published: Verify finds it.
  await dns.restart({ [recordName]: [recordValue] });
  await domain.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(SSO_TEXT.domainVerified(DOMAIN))).toBeVisible();
  await expect(domain.getByTestId('sso-domain-status')).toHaveText('Verified');
  await expect(domain.getByTestId('sso-domain-error')).toHaveCount(0);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1400 });
    // The card's top just below the sticky header, the whole card in the viewport.
    await card.evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72),
    );
    await card.screenshot({ path: `${SCREENS}/sso-card-${width}.png` });
    await shoot(page, `sso-domains-page-${width}`);
  }

  // Another browser: nobody signed in. Sign in with SSO through the IdP's login form.
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const person = await context.newPage();
  await person.goto('/auth');
  await person.getByRole('button', { name: 'Use single sign-on (SSO)' }).click();
  await person.getByLabel('Work e-mail').fill(`nobody@unknown-${DOMAIN}`);
  await person.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(person.getByText(/No organization signs in with single sign-on/)).toBeVisible();
  await person.getByLabel('Work e-mail').fill(PERSON);
  await person.screenshot({ path: `${SCREENS}/sso-sign-in.png` });
  await person.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(person).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`), { timeout: 15_000 });
  await person.getByLabel('E-mail').fill('pat');
  await person.getByRole('button', { name: 'Sign in to the test IdP' }).click();
  await expect(person).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  // Signed in as the mapped role: an analyst does not see the SSO card.
  await person.goto('/dashboard/settings');
  await expect(person.getByLabel('Email', { exact: true })).toHaveValue(PERSON);
  await expect(person.getByTestId('sso-card')).toHaveCount(0);
  await context.close();
});
