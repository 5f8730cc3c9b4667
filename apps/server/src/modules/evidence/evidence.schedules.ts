// Collection Schedule through the API: the organization's schedules (defaults SOC 2 weekly,
// ISO 27001 monthly), editable per framework and per collector by admins.
import {
  EVIDENCE_TEXT,
  type TScheduleEvidenceCollection,
  ZScheduleEvidenceCollection,
} from '@netguard/contracts';
import { findFramework } from '@netguard/evidence';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceSchedules } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { findCollector } from './collectors/index.ts';
import { ensureDefaultSchedules, nextRun } from './evidence.schedule.ts';

type Row = typeof evidenceSchedules.$inferSelect;

const labelOf = (r: Pick<Row, 'scopeKind' | 'scopeId'>) =>
  r.scopeKind === 'framework'
    ? (findFramework(r.scopeId)?.name ?? r.scopeId)
    : (findCollector(r.scopeId)?.title ?? r.scopeId);

const view = (r: Row) => ({
  scopeKind: r.scopeKind,
  scopeId: r.scopeId,
  label: labelOf(r),
  frequency: r.frequency,
  enabled: r.enabled,
  nextRunAt: r.nextRunAt.toISOString(),
  lastRunAt: r.lastRunAt?.toISOString() ?? null,
});

export function createScheduleService(db: Executor) {
  return {
    async list(auth: AuthContext) {
      await ensureDefaultSchedules(db, auth.organizationId);
      const list = await db
        .select()
        .from(evidenceSchedules)
        .where(eq(evidenceSchedules.organizationId, auth.organizationId))
        .orderBy(asc(evidenceSchedules.scopeKind), asc(evidenceSchedules.scopeId));
      return { schedules: list.map(view) };
    },

    /** schedule-evidence-collection {frameworkId, schedule} or a collector's. */
    async set(auth: AuthContext, input: TScheduleEvidenceCollection) {
      const body = ZScheduleEvidenceCollection.parse(input);
      if (body.collectorId && !findCollector(body.collectorId))
        throw new AppError(
          'validation_error',
          400,
          EVIDENCE_TEXT.unknownCollector(body.collectorId),
        );
      await ensureDefaultSchedules(db, auth.organizationId);
      const scope = body.frameworkId
        ? { scopeKind: 'framework' as const, scopeId: body.frameworkId }
        : { scopeKind: 'collector' as const, scopeId: body.collectorId as string };
      const now = new Date();
      const values = {
        frequency: body.schedule.frequency,
        enabled: body.schedule.enabled,
        nextRunAt: nextRun(now, body.schedule.frequency),
        updatedBy: auth.userId,
        updatedAt: now,
      };
      const [row] = await db
        .insert(evidenceSchedules)
        .values({ organizationId: auth.organizationId, ...scope, ...values })
        .onConflictDoUpdate({
          target: [
            evidenceSchedules.organizationId,
            evidenceSchedules.scopeKind,
            evidenceSchedules.scopeId,
          ],
          set: values,
        })
        .returning();
      if (!row) throw new Error('the schedule was not stored');
      return view(row);
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
