import { SECURITY_EVENT_TYPES, SEVERITIES, SECURITY_CENTER_TEXT as T } from '@netguard/contracts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { SeverityBadge } from '@/features/scans/components/SeverityBadge';
import { useSecurityEvents } from '@/features/security-center/api';
import {
  eventsSearch,
  readEventFilters,
  type TEventFilters,
} from '@/features/security-center/event-filters';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

const PAGE = 20;
const label = (value: string) => value.replaceAll('_', ' ');

/**
 * Recent Events: the organization's security events, filterable by type and severity, paged. The
 * filters live in the address (the Critical Alerts card links to them); per-request permission
 * grants stay hidden unless the switch shows them.
 */
export function EventsTab() {
  const [params, setParams] = useSearchParams();
  const filters = readEventFilters(params);
  const { type, severity } = filters;
  const [offset, setOffset] = useState(0);
  const events = useSecurityEvents({ ...filters, limit: PAGE, offset });
  const update = (next: Partial<TEventFilters>) => {
    setParams(eventsSearch({ ...filters, ...next }), { replace: true });
    setOffset(0);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <Select value={type} onValueChange={(v) => update({ type: v as typeof type })}>
          <SelectTrigger className="w-full sm:w-52" aria-label="Event type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All types</SelectItem>
            {SECURITY_EVENT_TYPES.map((t) => (
              <SelectItem key={t} value={t}>
                {label(t)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={severity} onValueChange={(v) => update({ severity: v as typeof severity })}>
          <SelectTrigger className="w-full sm:w-44" aria-label="Severity">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All severities</SelectItem>
            {SEVERITIES.map((s) => (
              <SelectItem key={s} value={s}>
                {s}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {filters.window === '24h' && (
          <Button variant="secondary" size="sm" onClick={() => update({ window: 'all' })}>
            Last 24 hours
            <X aria-label="Show all times" />
          </Button>
        )}
        <div className="flex items-center gap-2">
          <Switch
            id="show-grants"
            checked={filters.grants === 'show'}
            onCheckedChange={(on) => update({ grants: on ? 'show' : 'hide' })}
          />
          <Label htmlFor="show-grants" className="font-normal">
            Show permission grants
          </Label>
        </div>
      </div>
      {events.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner label="Loading events" />
        </div>
      ) : events.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(events.error)}</AlertDescription>
        </Alert>
      ) : events.data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{T.eventsEmpty}</p>
      ) : (
        <>
          <ul className="divide-y rounded-lg border" data-testid="event-list">
            {events.data.items.map((e) => (
              <li key={e.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center">
                <div className="flex shrink-0 items-center gap-2 sm:w-64">
                  <SeverityBadge severity={e.severity} />
                  <span className="text-sm font-medium capitalize">{label(e.event_type)}</span>
                </div>
                <p className="min-w-0 flex-1 truncate text-sm" title={e.description}>
                  {e.description}
                </p>
                <div className="shrink-0 text-xs text-muted-foreground sm:text-right">
                  {e.user_email ?? 'system'} · {formatDateTime(e.created_at)} · risk {e.risk_score}
                </div>
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between text-sm text-muted-foreground">
            <span>
              {offset + 1}–{offset + events.data.items.length} of {events.data.total}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + PAGE >= events.data.total}
                onClick={() => setOffset(offset + PAGE)}
              >
                Next
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
