import { z } from 'zod';
import { textField } from './text-field.ts';
import { ROLES, type TRole, ZEmail, ZRole, ZUuid } from './validation.ts';

/** The single sign-on protocols an organization can configure. */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type TSsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** Bounds of the SSO configuration. */
export const SSO_LIMITS = {
  domains: 20,
  roleMappings: 50,
  metadataChars: 200_000,
  /** How long a started sign-in (state, PKCE verifier, SAML request id) stays valid. */
  loginTtlMinutes: 10,
  /** "Verify" of a domain (a DNS lookup) an organization may ask per minute. */
  domainChecksPerMinute: 10,
  /**
   * A verified domain goes back to unverified after this many periodic checks in a row found its
   * record missing or changed (a lookup that timed out or failed does not count).
   */
  recheckMisses: 2,
} as const;

/** Whether an organization has proved it holds an e-mail domain (only verified domains route). */
export const SSO_DOMAIN_STATUSES = ['unverified', 'verified'] as const;
export type TSsoDomainStatus = (typeof SSO_DOMAIN_STATUSES)[number];

/** Where the ownership proof of `domain` is published: a TXT record of this name. */
export const ssoDomainRecordName = (domain: string) => `_netguard-challenge.${domain}`;
/** The TXT record's value: the organization's token for that domain. */
export const ssoDomainRecordValue = (token: string) => `netguard-domain-verification=${token}`;

/** What the SSO API and the SSO card say to people. */
export const SSO_TEXT = {
  planRequired: 'Single sign-on is part of the Professional and Enterprise plans',
  notConfigured: 'Single sign-on is not configured for this organization',
  noProviderForDomain: (domain: string) =>
    `No organization signs in with single sign-on for ${domain}: sign in with your password`,
  domainTaken: (domain: string) =>
    `The e-mail domain ${domain} is verified by another organization: a deployment operator can release it if it is yours`,
  domainNotClaimed: (domain: string) =>
    `${domain} is not one of this organization's SSO domains: add it and save first`,
  domainVerified: (domain: string) =>
    `${domain} is verified: sign-ins with this domain go to your identity provider`,
  domainCheckFailed: (domain: string, reason: string) => `${domain} is not verified: ${reason}`,
  domainChecksRateLimited: (limit: number) =>
    `Too many domain checks: at most ${limit} per minute per organization. Try again in a minute.`,
  dnsRecordMissing: (name: string) => `no TXT record found at ${name}`,
  dnsRecordMismatch: (name: string) =>
    `the record at ${name} does not match the value shown for this organization`,
  dnsTimeout: 'DNS lookup timed out',
  dnsFailed: (code: string) => `the DNS server could not answer (${code})`,
  dnsOffline:
    'DNS lookups are off on this offline deployment: the operator sets SSO_DNS_RESOLVERS to a resolver it may use',
  domainReleased: (domain: string) => `${domain} was released: any organization may verify it now`,
  domainsTitle: 'Domain verification',
  domainsHelp:
    'Publish this TXT record in the DNS of each domain, then press Verify. Only verified domains send sign-ins to your identity provider or create accounts; NetGuard checks them again every day.',
  domainStatus: { unverified: 'Unverified', verified: 'Verified' },
  domainNeverChecked: 'Not checked yet',
  domainLastChecked: (when: string) => `Last checked ${when}`,
  domainUnsaved: 'Save the configuration to get the TXT record of a domain you added.',
  oidcFieldsRequired: 'OpenID Connect needs the issuer, the client id and a client secret',
  samlMetadataRequired: 'SAML needs the identity provider metadata (XML)',
  breakGlassRequired:
    'Requiring SSO needs a break-glass admin who can still sign in with a password',
  breakGlassNotAdmin: 'The break-glass account must be an admin of this organization',
  breakGlassNeedsMfa: 'The break-glass admin must have multi-factor authentication turned on',
  passwordRefused:
    'Your organization requires single sign-on: use "Sign in with SSO" with your work e-mail',
  breakGlassMfaMissing:
    'The break-glass admin must have multi-factor authentication turned on to sign in with a password',
  discoveryFailed: (issuer: string, reason: string) =>
    `Could not read the OpenID Connect discovery document of ${issuer}: ${reason}`,
  signInFailed: (reason: string) => `Single sign-on failed: ${reason}`,
  sessionPinned:
    "This session came from your organization's single sign-on and stays in that organization: sign in with your password to use your other organizations",
} as const;

/** Why an SSO sign-in was refused (the security event's metadata and the error details). */
export const SSO_FAILURE_REASONS = [
  'invalid_state',
  'replayed',
  'expired',
  'invalid_signature',
  'wrong_audience',
  'invalid_token',
  'idp_error',
  'email_missing',
  'domain_not_allowed',
  'account_not_member',
  'not_available',
] as const;
export type TSsoFailureReason = (typeof SSO_FAILURE_REASONS)[number];

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ZSsoDomain = textField()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(DOMAIN_PATTERN, { error: 'Enter a domain such as example.com' });

export const ZSsoRoleMapping = z.object({
  group: textField().trim().min(1, { error: 'Enter a group or claim value' }).max(200),
  role: ZRole,
});
export type TSsoRoleMapping = z.infer<typeof ZSsoRoleMapping>;

const ZIssuer = textField()
  .trim()
  .max(500)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: 'Enter the issuer URL, such as https://login.example.com',
  });

/** The admin's SSO configuration of the current organization. */
export const ZSsoConfigBody = z
  .object({
    protocol: z.enum(SSO_PROTOCOLS),
    enabled: z.boolean(),
    domains: z
      .array(ZSsoDomain)
      .min(1, { error: 'Add at least one e-mail domain' })
      .max(SSO_LIMITS.domains),
    default_role: ZRole,
    groups_claim: textField().trim().min(1).max(200),
    role_mappings: z.array(ZSsoRoleMapping).max(SSO_LIMITS.roleMappings),
    require_sso: z.boolean(),
    break_glass_user_id: ZUuid.nullable(),
    oidc: z
      .object({
        issuer: ZIssuer,
        client_id: textField().trim().min(1).max(300),
        /** Omitted or empty: keep the stored secret. */
        client_secret: textField().max(1000).optional(),
      })
      .nullable()
      .optional(),
    saml: z
      .object({
        /** Omitted: keep the stored IdP metadata. */
        idp_metadata_xml: textField().max(SSO_LIMITS.metadataChars).optional(),
      })
      .nullable()
      .optional(),
  })
  .refine((body) => body.protocol !== 'oidc' || body.oidc, {
    error: SSO_TEXT.oidcFieldsRequired,
    path: ['oidc'],
  })
  .refine((body) => new Set(body.domains).size === body.domains.length, {
    error: 'Each domain once',
    path: ['domains'],
  });
export type TSsoConfigBody = z.infer<typeof ZSsoConfigBody>;

/** One e-mail domain an organization claimed, with the TXT record that proves it holds it. */
export const ZSsoDomainClaim = z.object({
  domain: z.string(),
  status: z.enum(SSO_DOMAIN_STATUSES),
  /** The TXT record to publish: its name and value. */
  record_name: z.string(),
  record_value: z.string(),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** Why the last check failed (classified, never the resolver's raw answer). */
  last_error: z.string().nullable(),
});
export type TSsoDomainClaim = z.infer<typeof ZSsoDomainClaim>;

/** POST /api/organization/sso/domains/:domain/verify. */
export const ZSsoDomainParams = z.object({ domain: ZSsoDomain });
export const ZSsoDomainVerifyResult = z.object({
  domain: ZSsoDomainClaim,
  /** What the check found, for a person. */
  message: z.string(),
});
export type TSsoDomainVerifyResult = z.infer<typeof ZSsoDomainVerifyResult>;

export const ZSsoConfig = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  enabled: z.boolean(),
  domains: z.array(z.string()),
  /** The same domains with their verification: only verified ones route sign-ins. */
  domain_claims: z.array(ZSsoDomainClaim),
  default_role: ZRole,
  groups_claim: z.string(),
  role_mappings: z.array(ZSsoRoleMapping),
  require_sso: z.boolean(),
  break_glass_user_id: z.string().nullable(),
  oidc: z
    .object({ issuer: z.string(), client_id: z.string(), client_secret_set: z.boolean() })
    .nullable(),
  saml: z
    .object({
      idp_entity_id: z.string(),
      idp_sso_url: z.string(),
      idp_certificate_sha256: z.string(),
    })
    .nullable(),
  /** What the admin registers at the identity provider. */
  service_provider: z.object({
    oidc_redirect_uri: z.string(),
    saml_entity_id: z.string(),
    saml_acs_url: z.string(),
    saml_metadata_url: z.string(),
  }),
  updated_at: z.string(),
});
export type TSsoConfig = z.infer<typeof ZSsoConfig>;

/** GET /api/organization/sso: the configuration, or null with the URLs to register. */
export const ZSsoConfigResult = z.object({
  sso: ZSsoConfig.nullable(),
  service_provider: ZSsoConfig.shape.service_provider,
  /** Whether the organization's plan includes SSO. */
  available: z.boolean(),
});
export type TSsoConfigResult = z.infer<typeof ZSsoConfigResult>;

/** "Sign in with SSO": the e-mail whose domain picks the organization's provider. */
export const ZSsoStartBody = z.object({ email: ZEmail });
export type TSsoStartBody = z.infer<typeof ZSsoStartBody>;

export const ZSsoStartResult = z.object({ redirect_url: z.string() });
export type TSsoStartResult = z.infer<typeof ZSsoStartResult>;

export const ZSsoOrgParams = z.object({ organizationId: ZUuid });

/** The search string the web app lands on after a successful SSO callback. */
export const SSO_DONE_QUERY = 'sso=done';

/**
 * The most privileged role any of `groups` maps to, else `fallback`.
 * @example mapSsoRole(['ops'], [{ group: 'ops', role: 'security_analyst' }], 'viewer') // 'security_analyst'
 */
export function mapSsoRole(
  groups: readonly string[],
  mappings: readonly TSsoRoleMapping[],
  fallback: TRole,
): TRole {
  const have = new Set(groups);
  const matched = mappings.filter((m) => have.has(m.group)).map((m) => ROLES.indexOf(m.role));
  return matched.length === 0 ? fallback : (ROLES[Math.min(...matched)] ?? fallback);
}
