import { z } from 'zod';
import { ZRevokeApiKeys } from './auth.ts';
import { textField } from './text-field.ts';
import { ZNewPassword } from './validation.ts';

export const AUTO_SCAN_FREQUENCY_VALUES = ['never', 'daily', 'weekly', 'monthly'] as const;
export type TAutoScanFrequency = (typeof AUTO_SCAN_FREQUENCY_VALUES)[number];

/** Part-2 §5 limits of the API Configuration card. */
export const SETTINGS_LIMITS = {
  maxConcurrentScans: { min: 1, max: 10 },
  scanTimeoutSeconds: { min: 300, max: 7200 },
} as const;

/** Part-2 §3 defaults of the settings state. */
export const DEFAULT_SETTINGS = {
  notifications: {
    email_notifications: true,
    scan_notifications: true,
    vulnerability_alerts: true,
    report_notifications: false,
  },
  api: { auto_scan_frequency: 'weekly', max_concurrent_scans: 3, scan_timeout: 1800 },
} as const;

export const SETTINGS_TEXT = {
  emailNote: 'Email cannot be changed. Contact support if needed.',
  maxConcurrent: 'Max concurrent scans must be between 1 and 10',
  timeout: 'Scan timeout must be between 300 and 7200 seconds',
  apiKeysPaidOnly: 'API keys are part of the Professional and Enterprise plans',
  deleteConfirmation: 'Type DELETE to confirm',
  wrongPassword: 'The password is incorrect',
  apiDenied: 'Only an administrator can change the API configuration',
} as const;

export const ZNotificationSettings = z.object({
  email_notifications: z.boolean(),
  scan_notifications: z.boolean(),
  vulnerability_alerts: z.boolean(),
  report_notifications: z.boolean(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

const L = SETTINGS_LIMITS;
export const ZApiSettings = z.object({
  auto_scan_frequency: z.enum(AUTO_SCAN_FREQUENCY_VALUES),
  max_concurrent_scans: z
    .number({ error: SETTINGS_TEXT.maxConcurrent })
    .int(SETTINGS_TEXT.maxConcurrent)
    .min(L.maxConcurrentScans.min, SETTINGS_TEXT.maxConcurrent)
    .max(L.maxConcurrentScans.max, SETTINGS_TEXT.maxConcurrent),
  scan_timeout: z
    .number({ error: SETTINGS_TEXT.timeout })
    .int(SETTINGS_TEXT.timeout)
    .min(L.scanTimeoutSeconds.min, SETTINGS_TEXT.timeout)
    .max(L.scanTimeoutSeconds.max, SETTINGS_TEXT.timeout),
});
export type TApiSettings = z.infer<typeof ZApiSettings>;

/** GET /api/settings */
export const ZSettings = z.object({
  notifications: ZNotificationSettings,
  api: ZApiSettings,
  /** When the scheduler re-runs the last scan's targets next; null when it will not. */
  next_auto_scan_at: z.string().nullable(),
});
export type TSettings = z.infer<typeof ZSettings>;

/** Keys read `ngk_` + 64 hex characters (32 random bytes). */
export const API_KEY_PREFIX = 'ngk_';
export const API_KEY_PATTERN = /^ngk_[0-9a-f]{64}$/;

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key, enough to recognise it. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyList = z.object({ items: z.array(ZApiKey) });
export const ZCreateApiKeyBody = z.object({
  name: textField()
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
});
/** The new key, shown once: only its hash is stored. */
export const ZCreatedApiKey = ZApiKey.extend({ key: z.string() });
export const ZApiKeyIdParams = z.object({ id: z.uuid('Invalid UUID format') });

export const ZChangePasswordBody = z.object({
  current_password: textField().min(1, 'Current password is required').max(200),
  new_password: ZNewPassword,
  revoke_api_keys: ZRevokeApiKeys,
});
export const ZDeleteAccountBody = z.object({
  password: textField().min(1, 'Password is required').max(200),
  confirmation: z.literal('DELETE', { error: SETTINGS_TEXT.deleteConfirmation }),
});
