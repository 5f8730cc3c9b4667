import { Badge } from '@/components/ui/badge';
import { protocolColour } from '@/features/packets/protocol-colours';
import { cn } from '@/lib/utils';

/** A packet's protocol as a coloured badge (HTTP green, TLS violet, DNS blue...). */
export function ProtocolBadge({ protocol, className }: { protocol: string; className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn('border-transparent font-mono', protocolColour(protocol).badge, className)}
    >
      {protocol}
    </Badge>
  );
}
