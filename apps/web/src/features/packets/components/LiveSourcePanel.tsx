import { PACKET_LIMITS, type TCaptureCapability } from '@netguard/contracts';
import { ShieldOff } from 'lucide-react';
import { useId } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';

type Props = {
  capability: TCaptureCapability | undefined;
  iface: string;
  onInterface: (name: string) => void;
  bpf: string;
  onBpf: (bpf: string) => void;
  /** Why the last start failed (tcpdump's words for a bad filter). */
  error: string | null;
  dropped: number;
  disabled: boolean;
};

/** The Live source: a server interface and an optional capture filter (BPF), or why not. */
export function LiveSourcePanel({
  capability,
  iface,
  onInterface,
  bpf,
  onBpf,
  error,
  dropped,
  disabled,
}: Props) {
  const id = useId();
  if (!capability) return <Skeleton className="h-16 w-full" />;
  if (!capability.can_capture) {
    return (
      <Alert data-testid="live-unavailable">
        <ShieldOff aria-hidden="true" />
        <AlertTitle>Live capture is not available</AlertTitle>
        <AlertDescription>
          {capability.reason ?? 'This server cannot capture packets.'}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-iface`}>Interface</Label>
          <Select value={iface} onValueChange={onInterface} disabled={disabled}>
            <SelectTrigger id={`${id}-iface`} aria-label="Interface" className="w-full">
              <SelectValue placeholder="Choose an interface" />
            </SelectTrigger>
            <SelectContent>
              {capability.interfaces.map((item) => (
                <SelectItem key={item.name} value={item.name}>
                  {item.name}
                  {item.addresses.length > 0 && (
                    <span className="text-muted-foreground">
                      {' '}
                      ({item.addresses.slice(0, 2).join(', ')})
                    </span>
                  )}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-bpf`}>Capture filter (BPF, optional)</Label>
          <Input
            id={`${id}-bpf`}
            className="font-mono text-sm"
            placeholder="e.g. tcp port 443 or udp port 53"
            maxLength={PACKET_LIMITS.maxFilterLength}
            value={bpf}
            disabled={disabled}
            aria-invalid={error !== null}
            onChange={(e) => onBpf(e.target.value)}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="live-error">
          {error}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        tcpdump runs on the server; the newest {PACKET_LIMITS.maxLivePackets} packets are kept here.
        {dropped > 0 &&
          ` ${dropped.toLocaleString('en-US')} packets were dropped because the connection could not keep up.`}
      </p>
    </div>
  );
}
