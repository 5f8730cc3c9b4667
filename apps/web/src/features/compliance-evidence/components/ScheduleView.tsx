import {
  COLLECTION_FREQUENCIES,
  EVIDENCE_TEXT,
  type TCollectionFrequency,
  type TComplianceFrameworkId,
  type ZEvidenceSchedule,
} from '@netguard/contracts';
import type { z } from 'zod';
import { LabeledSelect } from '@/components/LabeledSelect';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { usePermission } from '@/features/auth/use-permission';
import { useSetSchedule } from '@/features/compliance-evidence/api';
import { AddSchedule } from '@/features/compliance-evidence/components/AddSchedule';
import { FREQUENCY_LABELS } from '@/features/compliance-evidence/evidence-labels';
import { formatDateTime } from '@/lib/format';

type TSchedule = z.infer<typeof ZEvidenceSchedule>;

/** The stored collection schedules (SOC 2 weekly, ISO 27001 monthly by default); admins edit them. */
export function ScheduleView({ schedules }: { schedules: TSchedule[] }) {
  const edit = usePermission('evidence', 'create');
  const save = useSetSchedule();
  const set = (s: TSchedule, frequency: TCollectionFrequency, enabled: boolean) =>
    save.mutate({
      ...(s.scopeKind === 'framework'
        ? { frameworkId: s.scopeId as TComplianceFrameworkId }
        : { collectorId: s.scopeId }),
      schedule: { frequency, enabled },
    });
  return (
    <div className="space-y-3">
      {edit.reason && <p className="text-xs text-muted-foreground">{EVIDENCE_TEXT.adminsOnly}</p>}
      <ul className="divide-y rounded-md border" aria-label="Collection schedules">
        {schedules.map((s) => {
          const id = `schedule-${s.scopeKind}-${s.scopeId}`;
          return (
            <li
              key={id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="evidence-schedule"
              data-scope={s.scopeId}
            >
              <div className="min-w-0 space-y-0.5">
                <div className="font-medium break-words">{s.label}</div>
                <div className="text-xs text-muted-foreground">
                  {s.enabled ? `Next run ${formatDateTime(s.nextRunAt)}` : 'Not scheduled'}
                  {s.lastRunAt ? ` · last run ${formatDateTime(s.lastRunAt)}` : ' · never run'}
                </div>
              </div>
              {edit.reason ? (
                <div className="text-sm" data-testid="schedule-frequency">
                  {s.enabled ? FREQUENCY_LABELS[s.frequency] : 'Off'}
                </div>
              ) : (
                <div className="flex items-end gap-4">
                  <div className="w-36">
                    <LabeledSelect
                      id={`${id}-frequency`}
                      label="Frequency"
                      value={s.frequency}
                      options={COLLECTION_FREQUENCIES}
                      labels={FREQUENCY_LABELS}
                      disabled={save.isPending}
                      onChange={(frequency) => set(s, frequency, s.enabled)}
                    />
                  </div>
                  <div className="flex items-center gap-2">
                    <Switch
                      id={id}
                      checked={s.enabled}
                      disabled={save.isPending}
                      onCheckedChange={(on) => set(s, s.frequency, on)}
                    />
                    <Label htmlFor={id} className="text-sm">
                      {s.enabled ? 'On' : 'Off'}
                    </Label>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {!edit.reason && (
        <AddSchedule
          scheduled={schedules.filter((s) => s.scopeKind === 'framework').map((s) => s.scopeId)}
        />
      )}
    </div>
  );
}
