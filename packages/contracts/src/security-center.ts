import { z } from 'zod';
import { ZComplianceStanding } from './compliance-standing.ts';
import { PERMISSION_DENIED } from './permissions.ts';
import { SECURITY_EVENT_TYPES, SEVERITIES } from './security-events.ts';
import { PASSWORD_CLASS_COUNT, ROLES, VALIDATION_MESSAGES, ZRole, ZUuid } from './validation.ts';
import { ZVerdict } from './verdict.ts';

/** Days after which the organization's scans count as stale (the assessment). */
export const SCAN_RECENCY_DAYS = 30;
/** Days without use after which a live API key is reported. */
export const API_KEY_STALE_DAYS = 90;
/** Role hygiene: an organization should have at least 1 and at most this many admins. */
export const ADMIN_LIMIT = 3;

/** Texts of the Enterprise Security Center (spec part 2 §2, §8). */
export const SECURITY_CENTER_TEXT = {
  title: 'Enterprise Security Center',
  subtitle:
    'Monitor security events, manage incidents and track compliance across your organization',
  runScan: 'Run Security Scan',
  scanning: 'Scanning...',
  scanCompleted: (issues: number) => `Security scan completed. Found ${issues} potential issues.`,
  viewDetails: 'View Details',
  scanDenied: PERMISSION_DENIED.security_scan,
  /** A security center call without a signed-in user (spec part 2 §8). */
  notAuthenticated: 'User not authenticated',
  noIncidents: 'No active security incidents',
  eventsEmpty: 'Security events will appear here',
  eventNotFound: 'Security event not found',
  apiKeysDisabled:
    "API keys are disabled by your organization's data access policy. Ask an admin to allow them in Security Policies.",
  mfaRequired: (role: string) =>
    `Your organization requires multi-factor authentication for the ${role} role. Enable MFA in Settings to continue.`,
  passwordTooShort: (min: number) =>
    `Password must be at least ${min} characters (your organization's password policy)`,
  /** The product's own rule keeps its message; a policy that asks fewer classes names the count. */
  passwordClasses: (n: number) =>
    n === PASSWORD_CLASS_COUNT
      ? VALIDATION_MESSAGES.passwordComplexity
      : `Password must contain at least ${n} of: uppercase, lowercase, number, special character (your organization's password policy)`,
  /** The character rule of a password policy, as the Security Policies tab states it. */
  passwordClassesRule: (n: number) =>
    n === PASSWORD_CLASS_COUNT
      ? 'upper and lower case, a digit and a symbol'
      : `at least ${n} of upper case, lower case, digit and symbol`,
  passwordReused: (n: number) =>
    `Password was used recently: choose one that is not among your last ${n} passwords`,
  policiesSaved: 'Security policies saved',
} as const;

export const ZRiskLevel = z.enum(['low', 'medium', 'high', 'critical']);
export type TRiskLevel = z.infer<typeof ZRiskLevel>;

/** What the assessment looks for. */
export const ASSESSMENT_ISSUE_KINDS = [
  'exposed_service',
  'overdue_vulnerability',
  'member_without_mfa',
  'admin_count',
  'stale_scans',
  'unused_api_key',
] as const;
export const ZAssessmentIssueKind = z.enum(ASSESSMENT_ISSUE_KINDS);
export type TAssessmentIssueKind = z.infer<typeof ZAssessmentIssueKind>;

export const ZAssessmentIssue = z.object({
  kind: ZAssessmentIssueKind,
  severity: ZRiskLevel,
  title: z.string(),
  detail: z.string(),
  /** The page where it is fixed. */
  fix_url: z.string(),
  fix_label: z.string(),
});
export type TAssessmentIssue = z.infer<typeof ZAssessmentIssue>;

export const ZAssessment = z.object({
  id: z.uuid(),
  ran_at: z.string(),
  ran_by: z.string().nullable(),
  issues: z.array(ZAssessmentIssue),
  risk_level: ZRiskLevel,
});
export type TAssessment = z.infer<typeof ZAssessment>;

export const ZSecurityMetrics = z.object({
  /** Security events of the organization in the last 24 hours. */
  security_events: z.number().int(),
  critical_alerts: z.object({
    total: z.number().int(),
    critical_events: z.number().int(),
    open_critical_incidents: z.number().int(),
  }),
  /** The compliance evidence module's framework statuses (compliance-standing.ts). */
  compliance: ZComplianceStanding,
  risk_level: ZRiskLevel,
  /** How risk_level was reached: the open findings' risk and the assessment's issues. */
  risk_verdict: ZVerdict,
  /** Whether risk_level comes from the stored assessment or a live one (none stored yet). */
  risk_source: z.enum(['assessment', 'live']),
  last_assessment: ZAssessment.nullable(),
});
export type TSecurityMetrics = z.infer<typeof ZSecurityMetrics>;

export const ZSecurityEventsQuery = z.object({
  type: z.enum(['all', ...SECURITY_EVENT_TYPES]).default('all'),
  severity: z.enum(['all', ...SEVERITIES]).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** 'hide': leaves out the routine per-request permission grants (granted data_access checks). */
  grants: z.enum(['show', 'hide']).default('show'),
  /** '24h': only the last 24 hours, the window of the Critical Alerts card. */
  window: z.enum(['all', '24h']).default('all'),
});
export type TSecurityEventsQuery = z.infer<typeof ZSecurityEventsQuery>;

export const ZSecurityEvent = z.object({
  id: z.uuid(),
  event_type: z.enum(SECURITY_EVENT_TYPES),
  severity: z.enum(SEVERITIES),
  description: z.string(),
  user_email: z.string().nullable(),
  ip_address: z.string().nullable(),
  risk_score: z.number(),
  created_at: z.string(),
});
export type TSecurityEvent = z.infer<typeof ZSecurityEvent>;
export const ZSecurityEventList = z.object({
  items: z.array(ZSecurityEvent),
  total: z.number().int(),
});
export type TSecurityEventList = z.infer<typeof ZSecurityEventList>;
export const ZSecurityEventParams = z.object({ id: ZUuid });

export const ZSecurityReportQuery = z.object({
  format: z.enum(['pdf', 'json']).default('pdf'),
  range: z.enum(['24h', '7d']).default('7d'),
});
export type TSecurityReportQuery = z.infer<typeof ZSecurityReportQuery>;

/** The organization's security policies; the server enforces each of them. */
export const ZSecurityPolicyBody = z.object({
  password: z.object({
    /** Characters; the sign-up minimum of 8 is the floor. */
    min_length: z.number().int().min(8, 'Minimum length must be at least 8').max(128),
    /** How many of the user's last passwords (the current one included) may not be reused; 0: off. */
    history: z.number().int().min(0).max(24),
    /** How many of upper case, lower case, digit and symbol a new password needs. */
    classes: z
      .number()
      .int()
      .min(1, 'Required character classes must be 1 to 4')
      .max(PASSWORD_CLASS_COUNT, 'Required character classes must be 1 to 4'),
  }),
  session: z.object({
    /** Minutes without a token refresh after which the session ends; null: off. */
    idle_timeout_minutes: z
      .number()
      .int()
      .min(15, 'Idle timeout must be at least 15 minutes')
      .max(1440)
      .nullable(),
    /** Hours after sign-in after which the session ends; null: off. */
    absolute_lifetime_hours: z.number().int().min(1).max(720).nullable(),
  }),
  /** Members of these roles must have MFA on to use the API (beyond MFA setup). */
  mfa_required_roles: z.array(ZRole).max(ROLES.length),
  data_access: z.object({ api_keys_allowed: z.boolean() }),
});
export type TSecurityPolicyBody = z.infer<typeof ZSecurityPolicyBody>;

export const POLICY_IDS = ['password', 'session', 'mfa', 'data_access'] as const;
export const ZSecurityPolicies = ZSecurityPolicyBody.extend({
  updated_at: z.string().nullable(),
  /** Per policy: whether it restricts anything beyond the product's defaults. */
  enforced: z.object({
    password: z.boolean(),
    session: z.boolean(),
    mfa: z.boolean(),
    data_access: z.boolean(),
  }),
});
export type TSecurityPolicies = z.infer<typeof ZSecurityPolicies>;

/** The policy of an organization that never changed it. */
export const DEFAULT_SECURITY_POLICY: TSecurityPolicyBody = {
  password: { min_length: 8, history: 0, classes: PASSWORD_CLASS_COUNT },
  session: { idle_timeout_minutes: null, absolute_lifetime_hours: null },
  mfa_required_roles: [],
  data_access: { api_keys_allowed: true },
};
