import { RISK_RANGES, type TRiskRange } from '@netguard/contracts';
import { Spinner } from '@/components/Spinner';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { RANGE_LABELS } from '@/features/risk/risk-format';

type Props = { range: TRiskRange; busy: boolean; onChange: (range: TRiskRange) => void };

/** The time range every figure of the page is computed over; a spinner while it reloads. */
export function RiskRangeSelect({ range, busy, onChange }: Props) {
  return (
    <div className="flex items-center gap-2">
      {busy && <Spinner className="size-4" label="Updating" />}
      <Select value={range} onValueChange={(value) => onChange(value as TRiskRange)}>
        <SelectTrigger aria-label="Time range" className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {RISK_RANGES.map((value) => (
            <SelectItem key={value} value={value}>
              {RANGE_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
