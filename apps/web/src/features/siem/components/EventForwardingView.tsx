import { SIEM_EVENT_TYPES, SIEM_TYPE_LABELS, type TSiemIntegration } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  SIEM_EVENT_DESCRIPTIONS,
  SIEM_EVENT_LABELS,
  SIEM_LEVEL_LABELS,
} from '@/features/siem/siem-labels';

/** Which events and levels each integration forwards, and what every event type means. */
export function EventForwardingView({ integrations }: { integrations: TSiemIntegration[] }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Forwarding per integration</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {integrations.length === 0 && (
            <p className="text-sm text-muted-foreground">No integrations yet.</p>
          )}
          {integrations.map((integration) => (
            <section key={integration.id} aria-label={integration.name} className="space-y-2">
              <h3 className="text-sm font-medium">
                {integration.name}{' '}
                <span className="font-normal text-muted-foreground">
                  · {SIEM_TYPE_LABELS[integration.type]}
                  {integration.settings.enableRealtime ? ' · realtime' : ''}
                </span>
              </h3>
              <div className="flex flex-wrap gap-1">
                {integration.filters.eventTypes.map((type) => (
                  <Badge key={type} variant="secondary">
                    {SIEM_EVENT_LABELS[type]}
                  </Badge>
                ))}
                {integration.filters.eventTypes.length === 0 && (
                  <span className="text-sm text-muted-foreground">No event types</span>
                )}
              </div>
              <p className="text-xs text-muted-foreground">
                Levels:{' '}
                {integration.filters.logLevels
                  .map((level) => SIEM_LEVEL_LABELS[level])
                  .join(', ') || 'none'}
                {' · '}Sources: {integration.filters.sources.join(', ') || 'none'}
              </p>
            </section>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Event types</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-2 text-sm">
            {SIEM_EVENT_TYPES.map((type) => (
              <li key={type}>
                <span className="font-medium">{SIEM_EVENT_LABELS[type]}</span>{' '}
                <code className="text-xs text-muted-foreground">{type}</code>
                <p className="text-muted-foreground">{SIEM_EVENT_DESCRIPTIONS[type]}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
