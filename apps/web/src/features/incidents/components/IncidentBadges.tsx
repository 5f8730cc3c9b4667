import type { TEventSeverity, TIncidentStatus } from '@netguard/contracts';
import { AlertOctagon, AlertTriangle, Info, ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATUS_CLASS: Record<TIncidentStatus, string> = {
  open: 'bg-red-100 text-red-800',
  investigating: 'bg-amber-100 text-amber-800',
  resolved: 'bg-green-100 text-green-800',
};

/** An incident's status as a coloured badge. */
export function IncidentStatusBadge({ status }: { status: TIncidentStatus }) {
  return (
    <Badge className={cn('border-transparent capitalize', STATUS_CLASS[status])}>{status}</Badge>
  );
}

const ICONS = {
  critical: { Icon: AlertOctagon, className: 'text-red-600' },
  high: { Icon: ShieldAlert, className: 'text-orange-500' },
  medium: { Icon: AlertTriangle, className: 'text-amber-500' },
  low: { Icon: Info, className: 'text-blue-500' },
} as const;

/** The severity as an icon, labelled for screen readers. */
export function IncidentSeverityIcon({ severity }: { severity: TEventSeverity }) {
  const { Icon, className } = ICONS[severity];
  return <Icon className={cn('size-5 shrink-0', className)} aria-label={`${severity} severity`} />;
}
