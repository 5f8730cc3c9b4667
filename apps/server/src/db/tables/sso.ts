import { SSO_PROTOCOLS, type TSsoRoleMapping } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orgRef, roleEnum, userRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';

export const ssoProtocolEnum = pgEnum('sso_protocol', SSO_PROTOCOLS);

/**
 * An organization's single sign-on provider (one per organization): OpenID Connect (client
 * secret AES-256-GCM encrypted) or SAML 2.0 (the IdP's entity id, SSO URL and signing
 * certificate parsed from its metadata).
 */
export const ssoConfigs = pgTable('sso_configs', {
  organizationId: orgRef().primaryKey(),
  protocol: ssoProtocolEnum('protocol').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  defaultRole: roleEnum('default_role').notNull().default('viewer'),
  groupsClaim: text('groups_claim').notNull().default('groups'),
  roleMappings: jsonb('role_mappings').$type<TSsoRoleMapping[]>().notNull().default([]),
  requireSso: boolean('require_sso').notNull().default(false),
  breakGlassUserId: uuid('break_glass_user_id').references(() => users.id, {
    onDelete: 'set null',
  }),
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  oidcClientSecretEnc: text('oidc_client_secret_enc'),
  samlIdpEntityId: text('saml_idp_entity_id'),
  samlIdpSsoUrl: text('saml_idp_sso_url'),
  samlIdpCert: text('saml_idp_cert'),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** The e-mail domains that route to an organization's provider: each domain to one organization. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    organizationId: orgRef(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sso_domains_org_idx').on(t.organizationId),
    check('sso_domains_lowercase', sql`${t.domain} = lower(${t.domain})`),
  ],
);

/**
 * A started SSO sign-in: the state (the id), the PKCE verifier and nonce (OIDC) or the
 * AuthnRequest id (SAML), the hash of the browser cookie it is bound to; single use.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: id(),
    organizationId: orgRef(),
    protocol: ssoProtocolEnum('protocol').notNull(),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    requestId: text('request_id'),
    browserHash: text('browser_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sso_logins_org_idx').on(t.organizationId),
    uniqueIndex('sso_logins_request_uq').on(t.requestId),
  ],
);

/**
 * A session opened by SSO: it stays in the organization whose provider vouched for the user
 * (that organization's admins control the provider, not the user's other organizations).
 */
export const ssoSessions = pgTable('sso_sessions', {
  familyId: uuid('family_id').primaryKey(),
  userId: userRef(),
  organizationId: orgRef(),
  createdAt: createdAt(),
});
