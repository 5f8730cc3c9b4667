import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { LabeledSelect } from '@/components/LabeledSelect';
import { PermissionButton } from '@/components/PermissionButton';
import { EVIDENCE_FORMATS, exportEvidence, type TEvidenceFormat } from '@/features/remediation/api';

const FORMAT_LABELS: Record<TEvidenceFormat, string> = { jsonl: 'JSON lines', csv: 'CSV' };

type Props = {
  /** Why the role may not export (admins and auditors may), or null. */
  reason: string | null;
};

/** Export Evidence: every re-run of a check, with its execution, as JSON lines or CSV. */
export function EvidenceExport({ reason }: Props) {
  const [format, setFormat] = useState<TEvidenceFormat>('jsonl');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await exportEvidence(format);
    setBusy(false);
  };
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="evidence-export">
      <div className="w-40">
        <LabeledSelect
          id="evidence-export-format"
          label="Evidence format"
          value={format}
          options={EVIDENCE_FORMATS}
          labels={FORMAT_LABELS}
          onChange={setFormat}
          disabled={Boolean(reason)}
        />
      </div>
      <PermissionButton
        variant="outline"
        reason={reason}
        disabled={busy}
        aria-busy={busy}
        onClick={download}
        data-testid="export-evidence"
      >
        {busy ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Download aria-hidden="true" />
        )}
        Export Evidence
      </PermissionButton>
    </div>
  );
}
