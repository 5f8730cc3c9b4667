import type { TCloudFinding } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { EXPOSURE_LABELS } from '@/features/cloud/cloud-labels';

const EXPOSURE_CLASS: Record<TCloudFinding['exposure'], string> = {
  confirmed_reachable: 'border-red-300 text-red-800',
  filtered: 'border-amber-300 text-amber-900',
  not_reachable: 'border-emerald-300 text-emerald-800',
  unchecked: 'text-muted-foreground',
};

type Props = Pick<TCloudFinding, 'exposure' | 'reachablePorts'>;

/** Whether NetGuard's own scan reached the resource, with the ports it found open. */
export function ExposureBadge({ exposure, reachablePorts }: Props) {
  const ports = exposure === 'confirmed_reachable' && reachablePorts.length > 0;
  return (
    <Badge variant="outline" className={EXPOSURE_CLASS[exposure]} data-exposure={exposure}>
      {EXPOSURE_LABELS[exposure]}
      {ports && ` (port ${reachablePorts.join(', ')})`}
    </Badge>
  );
}
