import type { TTopologyPingResult } from '@netguard/contracts';
import { CircleCheck, CircleX } from 'lucide-react';
import { pingSummary } from '@/features/topology/ping-summary';

/** The outcome of the last Ping Test of a node. */
export function PingResultLine({ result }: { result: TTopologyPingResult }) {
  const Icon = result.reachable ? CircleCheck : CircleX;
  return (
    <p
      className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm"
      data-testid="ping-result"
      data-reachable={result.reachable}
      role="status"
    >
      <Icon
        className={
          result.reachable ? 'mt-0.5 size-4 text-emerald-600' : 'mt-0.5 size-4 text-red-600'
        }
        aria-hidden="true"
      />
      {pingSummary(result)}
    </p>
  );
}
