import { COMPLIANCE_FRAMEWORK_IDS, EVIDENCE_STATUSES } from '@netguard/contracts';
import { LabeledSelect } from '@/components/LabeledSelect';
import type { TEvidenceFilter } from '@/features/compliance-evidence/api';
import {
  EVIDENCE_STATUS_LABELS,
  FRAMEWORK_SHORT_NAMES,
} from '@/features/compliance-evidence/evidence-labels';

const FRAMEWORKS = ['all', ...COMPLIANCE_FRAMEWORK_IDS] as const;
const STATUSES = ['all', ...EVIDENCE_STATUSES] as const;

type Props = { value: TEvidenceFilter; onChange: (next: TEvidenceFilter) => void };

/** Narrows Evidence Items to one framework or status (the server filters). */
export function EvidenceFilter({ value, onChange }: Props) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex">
      <div className="sm:w-44">
        <LabeledSelect
          id="evidence-filter-framework"
          label="Framework"
          value={value.frameworkId}
          options={FRAMEWORKS}
          labels={{ all: 'All frameworks', ...FRAMEWORK_SHORT_NAMES }}
          onChange={(frameworkId) => onChange({ ...value, frameworkId })}
        />
      </div>
      <div className="sm:w-44">
        <LabeledSelect
          id="evidence-filter-status"
          label="Status"
          value={value.status}
          options={STATUSES}
          labels={{ all: 'All statuses', ...EVIDENCE_STATUS_LABELS }}
          onChange={(status) => onChange({ ...value, status })}
        />
      </div>
    </div>
  );
}
