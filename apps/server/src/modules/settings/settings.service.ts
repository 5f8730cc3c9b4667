import {
  DEFAULT_SETTINGS,
  SETTINGS_LIMITS,
  type TApiSettings,
  type TNotificationSettings,
  type TSettings,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { requireSession } from '../api-keys/api-keys.service.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { nextAutoScan } from './auto-scan.ts';
import * as repo from './settings.repo.ts';

const toNotifications = (row: repo.NotificationRow | undefined): TNotificationSettings =>
  row
    ? {
        email_notifications: row.emailNotifications,
        scan_notifications: row.scanNotifications,
        vulnerability_alerts: row.vulnerabilityAlerts,
        report_notifications: row.reportNotifications,
      }
    : { ...DEFAULT_SETTINGS.notifications };

/** Server defaults for organizations that have not saved a limit (see config.ts). */
export type ScanDefaults = { maxConcurrent: number; timeoutSeconds: number };

const clamp = (value: number, range: { min: number; max: number }) =>
  Math.min(range.max, Math.max(range.min, value));

/** The effective API configuration: saved values, else the server defaults within the card's ranges. */
const toApi = (row: repo.OrgSettingsRow | undefined, defaults: ScanDefaults): TApiSettings => ({
  auto_scan_frequency: row?.autoScanFrequency ?? DEFAULT_SETTINGS.api.auto_scan_frequency,
  max_concurrent_scans:
    row?.maxConcurrentScans ?? clamp(defaults.maxConcurrent, SETTINGS_LIMITS.maxConcurrentScans),
  scan_timeout:
    row?.scanTimeoutSeconds ?? clamp(defaults.timeoutSeconds, SETTINGS_LIMITS.scanTimeoutSeconds),
});

/**
 * Settings: the user's notification switches and the organization's API configuration, whose
 * concurrency and timeout the scan service enforces and whose frequency drives automatic re-scans.
 */
export function createSettingsService({ db, defaults }: { db: Executor; defaults: ScanDefaults }) {
  async function get(auth: AuthContext): Promise<TSettings> {
    const [notifications, org] = await Promise.all([
      repo.findNotifications(db, auth.userId),
      repo.findOrgSettings(db, auth.organizationId),
    ]);
    return {
      notifications: toNotifications(notifications),
      api: toApi(org, defaults),
      next_auto_scan_at: org
        ? (org.nextAutoScanAt?.toISOString() ?? null)
        : (nextAutoScan(DEFAULT_SETTINGS.api.auto_scan_frequency, new Date())?.toISOString() ??
          null),
    };
  }

  return {
    get,

    async updateNotifications(auth: AuthContext, body: TNotificationSettings, meta: RequestMeta) {
      requireSession(auth);
      await repo.upsertNotifications(db, auth, {
        emailNotifications: body.email_notifications,
        scanNotifications: body.scan_notifications,
        vulnerabilityAlerts: body.vulnerability_alerts,
        reportNotifications: body.report_notifications,
      });
      await audit(auth, 'settings.notifications', body, meta);
      return get(auth);
    },

    async updateApi(auth: AuthContext, body: TApiSettings, meta: RequestMeta) {
      requireSession(auth);
      const current = await repo.findOrgSettings(db, auth.organizationId);
      const frequencyChanged = current?.autoScanFrequency !== body.auto_scan_frequency;
      await repo.upsertOrgSettings(db, auth.organizationId, {
        autoScanFrequency: body.auto_scan_frequency,
        maxConcurrentScans: body.max_concurrent_scans,
        scanTimeoutSeconds: body.scan_timeout,
        ...(frequencyChanged || !current
          ? { nextAutoScanAt: nextAutoScan(body.auto_scan_frequency, new Date()) }
          : {}),
      });
      await audit(auth, 'settings.api', body, meta);
      return get(auth);
    },
  };

  async function audit(auth: AuthContext, action: string, details: object, meta: RequestMeta) {
    await insertAuditLog(
      db,
      {
        userId: auth.userId,
        organizationId: auth.organizationId,
        action,
        resourceType: 'settings',
        resourceId: auth.organizationId,
        details: { ...details },
      },
      meta,
    );
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>;
