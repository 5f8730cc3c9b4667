import { execFileSync } from 'node:child_process';
import { DEFAULT_PRODUCT_IDS, DEFAULT_SETTINGS } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { apiKeys, subscriptions } from '../src/db/schema.ts';
import { createAccount, mailedToken, PASSWORD, setPlan, type TestContext } from './helpers.ts';
import { checkoutIdOf, MARK, memberOf, unique } from './tenant-matrix-fixtures.ts';
import { asAdmin, get, type Sample, send } from './tenant-matrix-samples.ts';

/** A throw-away self-signed certificate (PEM body), as an IdP's signing certificate. */
const IDP_CERT = execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=tm',
    '-keyout',
    '/dev/null',
  ],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
)
  .replace(/-----[^-]+-----/g, '')
  .replace(/\s+/g, '');
/** An IdP's metadata (stored only: nothing is fetched from its loopback addresses). */
const IDP_METADATA = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="http://127.0.0.1:9/metadata">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${IDP_CERT}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="http://127.0.0.1:9/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

const SSO_CONFIG = {
  protocol: 'saml',
  enabled: false,
  domains: ['tm-sso.example.com'],
  default_role: 'viewer',
  groups_claim: 'groups',
  role_mappings: [],
  require_sso: false,
  break_glass_user_id: null,
  saml: { idp_metadata_xml: IDP_METADATA },
};

/** Sample requests of the account, billing and organization operations. */
/**
 * Puts an organization that a sample moved off Enterprise back on it; one still on it is left
 * untouched, so that B's calls (which change nothing of A) leave A's rows as they were.
 */
async function backOnEnterprise(ctx: TestContext, owner: { userId: string }) {
  const [row] = await ctx.db
    .select({ productId: subscriptions.productId, subscribed: subscriptions.subscribed })
    .from(subscriptions)
    .where(eq(subscriptions.userId, owner.userId));
  if (!row?.subscribed || row.productId !== DEFAULT_PRODUCT_IDS.Enterprise)
    await setPlan(ctx, owner, 'Enterprise');
}

export const ACCOUNT_SAMPLES: Record<string, Sample> = {
  // The first-operator link is the deployment's, printed on its console: a guess is refused.
  'POST /api/operators/setup': {
    req: send('/api/operators/setup', { token: 'not-the-printed-link' }),
    ok: [404],
    other: 404,
  },
  'GET /api/api-keys': { req: get('/api/api-keys') },
  'POST /api/api-keys': { req: send('/api/api-keys', { name: 'tm key' }) },
  'DELETE /api/api-keys/:id': {
    req: async (f, c, ctx) => {
      if (c.name === 'other') return { url: `/api/api-keys/${f.apiKeyId}` };
      // Inserted: making a key needs a paid plan, which A's members lack (KNOWN_BUGS).
      const [key] = await ctx.db
        .insert(apiKeys)
        .values({
          userId: c.account.userId,
          organizationId: c.organizationId,
          name: 'throw-away',
          prefix: 'ng_tm',
          keyHash: `tm-${unique()}`,
        })
        .returning({ id: apiKeys.id });
      return { url: `/api/api-keys/${key?.id}` };
    },
  },
  'GET /api/settings': { req: get('/api/settings') },
  'PUT /api/settings/notifications': {
    req: send('/api/settings/notifications', {
      email_notifications: true,
      scan_notifications: true,
      vulnerability_alerts: true,
      report_notifications: true,
    }),
  },
  'PUT /api/settings/api': { req: send('/api/settings/api', DEFAULT_SETTINGS.api) },
  'POST /api/account/password': {
    fresh: true,
    req: send('/api/account/password', {
      current_password: PASSWORD,
      new_password: 'N3w!Matrix-Passw0rd',
    }),
  },
  'POST /api/account/sign-out-all': { fresh: true, req: send('/api/account/sign-out-all', {}) },
  'GET /api/account/export': { req: get('/api/account/export') },
  'POST /api/account/delete': {
    fresh: true,
    req: send('/api/account/delete', { password: PASSWORD, confirmation: 'DELETE' }),
  },
  'GET /api/mfa': { req: get('/api/mfa') },
  'POST /api/mfa': { fresh: true, req: send('/api/mfa', { action: 'enable', method: 'totp' }) },
  'GET /api/profile': { req: get('/api/profile') },
  'PATCH /api/profile': { req: send('/api/profile', { company_name: 'tm company' }) },
  'GET /api/subscription': { req: get('/api/subscription') },
  'GET /api/billing/plans': { req: get('/api/billing/plans') },
  'GET /api/billing/usage': { req: get('/api/billing/usage') },
  // The organizations are on Enterprise: their checkouts change the plan to Professional.
  'POST /api/billing/create-checkout': {
    req: send('/api/billing/create-checkout', { price_id: 'price_netguard_professional' }),
  },
  'POST /api/billing/customer-portal': { req: send('/api/billing/customer-portal', {}) },
  'GET /api/billing/checkout-sessions/:id': {
    req: get((f) => `/api/billing/checkout-sessions/${f.checkoutId}`),
  },
  'POST /api/billing/checkout-sessions/:id/complete': {
    req: async (f, _c, ctx) => {
      const body = await asAdmin(ctx, f, 'POST', '/api/billing/create-checkout', {
        price_id: 'price_netguard_professional',
      });
      return { url: `/api/billing/checkout-sessions/${checkoutIdOf(body)}/complete`, payload: {} };
    },
    // Back on Enterprise, for the samples after it.
    after: (f, _c, ctx) => backOnEnterprise(ctx, f.admin),
  },
  'POST /api/billing/cancel': {
    req: async (_f, c, ctx) => {
      await setPlan(ctx, c.account, 'Enterprise');
      return { url: '/api/billing/cancel', payload: {} };
    },
    after: (_f, c, ctx) => backOnEnterprise(ctx, c.account),
  },
  'GET /api/organization/members': { req: get('/api/organization/members') },
  'POST /api/organization/invitations': {
    req: () => ({
      url: '/api/organization/invitations',
      payload: { email: `tm-inv-${unique()}@example.com`, role: 'viewer' },
    }),
  },
  'POST /api/organization/invitations/:id/resend': {
    req: send((f) => `/api/organization/invitations/${f.invitationId}/resend`, {}),
  },
  'DELETE /api/organization/invitations/:id': {
    req: async (f, _c, ctx) => {
      const made = await asAdmin(ctx, f, 'POST', '/api/organization/invitations', {
        email: `tm-drop-${unique()}@example.com`,
        role: 'viewer',
      });
      return { url: `/api/organization/invitations/${made.id}` };
    },
  },
  'PATCH /api/organization/members/:userId': {
    req: send((f) => `/api/organization/members/${f.spare.userId}`, { role: 'viewer' }),
  },
  'DELETE /api/organization/members/:userId': {
    req: async (f, _c, ctx) => {
      const member = await memberOf(ctx, f.organizationId, 'viewer', 'drop');
      return { url: `/api/organization/members/${member.userId}` };
    },
  },
  'GET /api/organizations': { req: get('/api/organizations') },
  // B is no member of A: switching there is refused.
  'POST /api/organizations/switch': {
    req: (f, c) => ({
      url: '/api/organizations/switch',
      payload: { organization_id: c.name === 'other' ? f.organizationId : c.organizationId },
    }),
    other: 404,
  },
  // The caller accepts an invitation of a third organization; B tries A's invitation: not theirs.
  'POST /api/invitations/accept': {
    fresh: true,
    req: async (_f, c, ctx) => {
      if (c.name === 'other') {
        const token = await mailedToken(ctx, `tm-invitee-${MARK}@example.com`, 'invite');
        return { url: '/api/invitations/accept', payload: { token } };
      }
      const third = await createAccount(ctx, `tm-third-${unique()}@example.com`);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/organization/invitations',
        headers: third.auth,
        payload: { email: c.account.email, role: 'viewer' },
      });
      return {
        url: '/api/invitations/accept',
        payload: { token: await mailedToken(ctx, c.account.email, 'invite') },
      };
    },
    other: 403,
  },
  'POST /api/security/session-start': { req: send('/api/security/session-start', {}) },
  'GET /api/organization/sso': { req: get('/api/organization/sso') },
  'PUT /api/organization/sso': { req: send('/api/organization/sso', SSO_CONFIG) },
  // A's claim (made here) is checked by its admin: a lookup the file's refusing address answers
  // (helpers.ts). B's admin removed its own configuration just before (DELETE): no claim, 404.
  'POST /api/organization/sso/domains/:domain/verify': {
    req: async (f, _c, ctx) => {
      await asAdmin(ctx, f, 'PUT', '/api/organization/sso', SSO_CONFIG);
      return { url: `/api/organization/sso/domains/${SSO_CONFIG.domains[0]}/verify` };
    },
  },
  'DELETE /api/organization/sso': {
    req: async (_f, c, ctx) => {
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/organization/sso',
        headers: c.auth,
        payload: SSO_CONFIG,
      });
      return { url: '/api/organization/sso' };
    },
  },
};
