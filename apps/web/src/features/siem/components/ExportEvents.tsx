import { SIEM_EXPORT_FORMATS, type TSiemIntegration } from '@netguard/contracts';
import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { LabeledSelect } from '@/components/LabeledSelect';
import { Button } from '@/components/ui/button';
import { FormField } from '@/features/auth/components/FormField';
import { exportSiemEvents } from '@/features/siem/api';
import { defaultExportRange, exportQuery } from '@/features/siem/siem-format';

type TFormat = (typeof SIEM_EXPORT_FORMATS)[number];
const FORMAT_LABELS: Record<TFormat, string> = { jsonl: 'JSON lines', csv: 'CSV' };

/** Export (admins, auditors): the forwarded events of a time range as JSON lines or CSV. */
export function ExportEvents({ integration }: { integration: TSiemIntegration }) {
  const [range, setRange] = useState(defaultExportRange);
  const [format, setFormat] = useState<TFormat>('jsonl');
  const [busy, setBusy] = useState(false);
  const result = exportQuery(range, format);
  const id = `siem-export-${integration.id}`;

  const download = async () => {
    if (!('query' in result)) return;
    setBusy(true);
    await exportSiemEvents(integration, result.query, format);
    setBusy(false);
  };

  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Export forwarded events</legend>
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_10rem_auto]">
        <FormField
          id={`${id}-from`}
          label="From"
          type="datetime-local"
          value={range.from}
          onChange={(event) => setRange({ ...range, from: event.target.value })}
        />
        <FormField
          id={`${id}-to`}
          label="To"
          type="datetime-local"
          value={range.to}
          onChange={(event) => setRange({ ...range, to: event.target.value })}
        />
        <LabeledSelect
          id={`${id}-format`}
          label="Format"
          value={format}
          options={SIEM_EXPORT_FORMATS}
          labels={FORMAT_LABELS}
          onChange={setFormat}
        />
        <Button variant="outline" disabled={busy || !('query' in result)} onClick={download}>
          {busy ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          Export
        </Button>
      </div>
      {'problem' in result && <p className="text-sm text-destructive">{result.problem}</p>}
    </fieldset>
  );
}
