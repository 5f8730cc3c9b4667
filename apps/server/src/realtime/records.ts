import type {
  TRealtimeCloudScanEvent,
  TRealtimeEvent,
  TRealtimeNotification,
  TRealtimeRemediationEvent,
  TRealtimeSecurityAlert,
  TRealtimeSelftestEvent,
} from '@netguard/contracts';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { refreshTokens, securityEvents, userRoles, vulnerabilities } from '../db/schema.ts';
import { findScan as findCloudScan } from '../modules/cloud/cloud.scans.repo.ts';
import { toCloudScan } from '../modules/cloud/cloud.view.ts';
import { findExecution } from '../modules/remediation/remediation.repo.ts';
import { findScan } from '../modules/scans/scans.repo.ts';
import { toScanListItem } from '../modules/scans/scans.view.ts';
import { findExecution as findSelftestExecution } from '../modules/selftest/selftest.repo.ts';

const MEMBERSHIP_TTL_MS = 5_000;

/** Loads the rows named by notifications, always within the notified organization. */
export function createRecordLoader(db: Executor) {
  const live = new Map<string, { at: number; known: Set<string>; sessions: Set<string> }>();

  return {
    async load(
      note: TRealtimeNotification,
    ): Promise<
      | TRealtimeEvent
      | TRealtimeCloudScanEvent
      | TRealtimeRemediationEvent
      | TRealtimeSelftestEvent
      | null
    > {
      if (note.table === 'selftest_executions') {
        const row = await findSelftestExecution(db, note.organization_id, note.id);
        if (!row) return null;
        return {
          type: 'selftest.execution',
          channel: 'scan-updates',
          event: note.event,
          record: {
            id: row.id,
            suite_id: row.suiteId,
            status: row.status,
            progress: row.progress,
            step: row.step,
          },
        };
      }
      if (note.table === 'remediation_executions') {
        const row = await findExecution(db, note.organization_id, note.id);
        if (!row) return null;
        return {
          type: 'remediation.execution',
          channel: 'scan-updates',
          event: note.event,
          record: { id: row.id, status: row.status },
        };
      }
      if (note.table === 'cloud_scans') {
        const row = await findCloudScan(db, note.organization_id, note.id);
        if (!row) return null;
        return {
          type: 'cloud.scan',
          channel: 'scan-updates',
          event: note.event,
          record: toCloudScan(row),
        };
      }
      if (note.table === 'scans') {
        const row = await findScan(db, note.organization_id, note.id);
        if (!row) return null;
        const record = toScanListItem(row);
        return {
          type: 'event',
          channel: 'scan-updates',
          event: note.event,
          table: 'scans',
          record,
        };
      }
      const [row] = await db
        .select({
          id: vulnerabilities.id,
          scan_id: vulnerabilities.lastScanId,
          title: vulnerabilities.title,
          severity: vulnerabilities.severity,
          host: vulnerabilities.host,
          port: vulnerabilities.port,
        })
        .from(vulnerabilities)
        .where(
          and(
            eq(vulnerabilities.id, note.id),
            eq(vulnerabilities.organizationId, note.organization_id),
          ),
        );
      if (!row?.scan_id) return null;
      return {
        type: 'event',
        channel: 'scan-updates',
        event: 'INSERT',
        table: 'vulnerabilities',
        record: { ...row, scan_id: row.scan_id },
      };
    },

    /** The toast of a critical security event, read within the notified organization. */
    async securityAlert(note: TRealtimeNotification): Promise<TRealtimeSecurityAlert | null> {
      const [row] = await db
        .select({
          id: securityEvents.id,
          event_type: securityEvents.eventType,
          severity: securityEvents.severity,
          description: securityEvents.description,
          created_at: securityEvents.createdAt,
        })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.id, note.id),
            eq(securityEvents.organizationId, note.organization_id),
          ),
        );
      if (!row) return null;
      return {
        type: 'security.alert',
        event: { ...row, created_at: row.created_at.toISOString() },
      };
    },

    /** The organization's admins now (roles change; a token's role may be stale). */
    async admins(organizationId: string): Promise<Set<string>> {
      const rows = await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.organizationId, organizationId), eq(userRoles.role, 'admin')));
      return new Set(rows.map((r) => r.userId));
    },

    /**
     * The sessions (refresh families) among `callers` that are still signed in and whose user
     * still belongs to the organization; cached for 5 s.
     */
    async liveSessions(
      organizationId: string,
      callers: { userId: string; sessionId: string }[],
    ): Promise<Set<string>> {
      const cached = live.get(organizationId);
      const fresh = cached && Date.now() - cached.at < MEMBERSHIP_TTL_MS;
      if (fresh && callers.every((c) => cached.known.has(c.sessionId))) return cached.sessions;
      const families = [...new Set(callers.map((c) => c.sessionId))];
      const rows = families.length
        ? await db
            .selectDistinct({ sessionId: refreshTokens.familyId })
            .from(refreshTokens)
            .innerJoin(
              userRoles,
              and(
                eq(userRoles.userId, refreshTokens.userId),
                eq(userRoles.organizationId, organizationId),
              ),
            )
            .where(
              and(
                inArray(refreshTokens.familyId, families),
                isNull(refreshTokens.revokedAt),
                gt(refreshTokens.expiresAt, sql`now()`),
              ),
            )
        : [];
      const sessions = new Set(rows.map((r) => r.sessionId));
      live.set(organizationId, { at: Date.now(), known: new Set(families), sessions });
      return sessions;
    },
  };
}
