import { describeCoverage, SCAN_TYPES, type TScanType } from '@netguard/contracts';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

type ScanTypeFieldProps = { value: TScanType | ''; onChange: (value: TScanType) => void };

/** The four scan types with their labels and the ports each covers. */
export function ScanTypeField({ value, onChange }: ScanTypeFieldProps) {
  const selected = SCAN_TYPES.find((type) => type.value === value);
  return (
    <div className="space-y-2">
      <Label htmlFor="scan-type">Scan Type</Label>
      <Select value={value} onValueChange={(next) => onChange(next as TScanType)}>
        <SelectTrigger id="scan-type" className="w-full">
          {/* The closed select shows the label; the coverage is in the list. */}
          <SelectValue placeholder="Select scan type">
            {selected && (
              <span className="truncate">
                {selected.label}
                {selected.description && (
                  <span className="text-muted-foreground"> ({selected.description})</span>
                )}
              </span>
            )}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
          {SCAN_TYPES.map((type) => (
            <SelectItem key={type.value} value={type.value}>
              <span className="flex flex-col">
                <span>
                  {type.label}
                  {type.description && (
                    <span className="text-muted-foreground"> ({type.description})</span>
                  )}
                </span>
                <span className="text-xs text-muted-foreground">
                  {describeCoverage(type.value).ports}
                </span>
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
