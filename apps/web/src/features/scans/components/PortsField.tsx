import { describeCoverage, type TScanType } from '@netguard/contracts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { portsError } from '@/features/scans/scan-form';

type PortsFieldProps = {
  scanType: TScanType | '';
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/** Optional custom ports, in the engine's grammar, that replace the scan type's default ports. */
export function PortsField({ scanType, value, onChange, error }: PortsFieldProps) {
  const shown = error ?? portsError(value);
  const defaults = scanType ? describeCoverage(scanType).ports : 'the scan type’s ports';
  return (
    <div className="space-y-2">
      <Label htmlFor="scan-ports">
        Ports <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Input
        id="scan-ports"
        value={value}
        placeholder={`Default: ${defaults}`}
        autoComplete="off"
        spellCheck={false}
        maxLength={1000}
        className="font-mono"
        aria-describedby="scan-ports-hint"
        aria-invalid={shown ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id="scan-ports-hint" className="text-xs text-muted-foreground">
        Scan these ports instead of the type’s defaults: ports and ranges separated by commas (for
        example 22,80,443,6379-6390), or top100, top1000, all. Services on other ports are not
        found.
      </p>
      {shown && <p className="text-sm text-destructive">{shown}</p>}
    </div>
  );
}
