import { SSO_DOMAIN_STATUSES, SSO_PROTOCOLS, type TSsoRoleMapping } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
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

export const ssoDomainStatusEnum = pgEnum('sso_domain_status', SSO_DOMAIN_STATUSES);

/**
 * An organization's claim of an e-mail domain. It routes sign-ins and creates accounts only once
 * verified (a TXT record with the claim's token, checked again periodically). Any number of
 * organizations may claim a domain; at most one holds it verified.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    organizationId: orgRef(),
    domain: text('domain').notNull(),
    status: ssoDomainStatusEnum('status').notNull().default('unverified'),
    /** The value published in DNS proves the claim: random, per organization and domain. */
    token: text('token')
      .notNull()
      .default(
        sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`,
      ),
    verifiedAt: tstz('verified_at'),
    lastCheckedAt: tstz('last_checked_at'),
    /** The last check's classified failure; null after a check that found the record. */
    lastError: text('last_error'),
    /** Periodic checks in a row that found the record missing or changed. */
    misses: integer('misses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.domain] }),
    uniqueIndex('sso_domains_verified_uq').on(t.domain).where(sql`${t.status} = 'verified'`),
    index('sso_domains_recheck_idx').on(t.lastCheckedAt).where(sql`${t.status} = 'verified'`),
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
