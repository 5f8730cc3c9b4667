import {
  COLLECTION_FREQUENCIES,
  COMPLIANCE_FRAMEWORK_IDS,
  type TCollectionFrequency,
  type TComplianceFrameworkId,
} from '@netguard/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { LabeledSelect } from '@/components/LabeledSelect';
import { Button } from '@/components/ui/button';
import { useSetSchedule } from '@/features/compliance-evidence/api';
import {
  FRAMEWORK_SHORT_NAMES,
  FREQUENCY_LABELS,
} from '@/features/compliance-evidence/evidence-labels';

/** Schedules a framework that has none yet (admins). */
export function AddSchedule({ scheduled }: { scheduled: string[] }) {
  const free = COMPLIANCE_FRAMEWORK_IDS.filter((id) => !scheduled.includes(id));
  const [picked, setPicked] = useState<TComplianceFrameworkId | null>(null);
  const [frequency, setFrequency] = useState<TCollectionFrequency>('monthly');
  const save = useSetSchedule();
  const frameworkId = picked && free.includes(picked) ? picked : free[0];
  if (!frameworkId) return null;
  return (
    <form
      aria-label="Add a collection schedule"
      className="flex flex-col gap-3 rounded-md border p-4 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ frameworkId, schedule: { frequency, enabled: true } });
      }}
    >
      <div className="sm:w-48">
        <LabeledSelect
          id="schedule-framework"
          label="Framework"
          value={frameworkId}
          options={free}
          labels={FRAMEWORK_SHORT_NAMES}
          onChange={setPicked}
        />
      </div>
      <div className="sm:w-40">
        <LabeledSelect
          id="schedule-frequency"
          label="Frequency"
          value={frequency}
          options={COLLECTION_FREQUENCIES}
          labels={FREQUENCY_LABELS}
          onChange={setFrequency}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        <Plus aria-hidden="true" />
        Add Schedule
      </Button>
    </form>
  );
}
