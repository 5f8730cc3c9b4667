import { HEALTH_TEXT, type THealthFigure, type TSystemHealth } from '@netguard/contracts';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBytes } from '@/features/packets/packet-format';
import { useSystemHealth } from '@/features/testing/api';
import { formatCount, formatDateTime } from '@/lib/format';

const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** One figure's card: its value when measured, else why not; when and how long it took. */
function Figure<T>({
  title,
  figure,
  children,
}: {
  title: string;
  figure: THealthFigure<T>;
  children: (value: T) => ReactNode;
}) {
  return (
    <Card className="gap-3 py-4" data-testid="health-figure">
      <CardHeader className="px-4">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <CardDescription className="text-xs">
          Measured {TIME.format(new Date(figure.measured_at))}
          {figure.status === 'measured' && ` in ${ms(figure.took_ms)}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-1 px-4 text-sm">
        {figure.status === 'measured' ? (
          children(figure.value)
        ) : (
          <p className="text-destructive">Not measured: {figure.reason}</p>
        )}
      </CardContent>
    </Card>
  );
}

function Verdict({ ok, detail }: { ok: boolean; detail: string }) {
  return (
    <>
      <Badge variant={ok ? 'default' : 'destructive'}>{ok ? 'Working' : 'Not working'}</Badge>
      <p className="text-muted-foreground">{detail}</p>
    </>
  );
}

/** A table of row counts: the total, then the tables that hold rows, largest first. */
function Rows({ rows }: { rows: { table: string; rows: number }[] }) {
  const held = rows.filter((r) => r.rows > 0).sort((a, b) => b.rows - a.rows);
  const total = rows.reduce((sum, r) => sum + r.rows, 0);
  return (
    <>
      <p className="text-2xl font-semibold">{formatCount(total)}</p>
      <p className="text-muted-foreground">
        in {held.length} of {rows.length} tables
      </p>
      <Counts items={held.map((r) => [r.table, r.rows])} />
    </>
  );
}

/** Named counts (tables, queues), one a line, scrolling past a few. */
function Counts({ items }: { items: [name: string, count: number][] }) {
  return (
    <ul className="max-h-40 overflow-y-auto text-xs">
      {items.map(([name, count]) => (
        <li key={name} className="flex justify-between gap-2 border-b py-0.5 last:border-0">
          <span className="truncate font-mono">{name}</span>
          <span className="tabular-nums">{formatCount(count)}</span>
        </li>
      ))}
    </ul>
  );
}

function Figures({ health }: { health: TSystemHealth }) {
  const { deployment } = health;
  return (
    <div className="space-y-3">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Figure title={HEALTH_TEXT.organizationRows} figure={health.organization_rows}>
          {(rows) => <Rows rows={rows} />}
        </Figure>
        <Figure title="Realtime round trip" figure={health.realtime}>
          {(trip) => (
            <>
              <p className="text-2xl font-semibold">{ms(trip.round_trip_ms)}</p>
              <Verdict ok={trip.delivered} detail={`NOTIFY to a socket: ${trip.detail}`} />
            </>
          )}
        </Figure>
        <Figure title="Mail transport" figure={health.mail}>
          {(mail) => (
            <>
              <p className="text-2xl font-semibold">
                {mail.transport === 'smtp' ? 'SMTP' : 'Outbox'}
              </p>
              <Verdict ok={mail.ok} detail={mail.detail} />
            </>
          )}
        </Figure>
        {deployment && (
          <>
            <Figure title="Job queue" figure={deployment.queue}>
              {(queue) => (
                <>
                  <p className="text-2xl font-semibold">{formatCount(queue.depth)} waiting</p>
                  <p className="text-muted-foreground">
                    Oldest wait:{' '}
                    {queue.oldest_wait_ms === null ? 'none waiting' : ms(queue.oldest_wait_ms)}
                    {' · '}
                    {formatCount(queue.scheduled)} scheduled for later
                  </p>
                  <Counts items={queue.queues.map((q) => [q.name, q.depth])} />
                </>
              )}
            </Figure>
            <Figure title="Free disk of the data folder" figure={deployment.disk}>
              {(disk) => (
                <>
                  <p className="text-2xl font-semibold">{formatBytes(disk.free_bytes)} free</p>
                  <p className="text-muted-foreground">
                    of {formatBytes(disk.total_bytes)} at{' '}
                    <span className="break-all font-mono">{disk.path}</span>
                  </p>
                </>
              )}
            </Figure>
            <Figure title="Rows of the deployment" figure={deployment.rows}>
              {(rows) => <Rows rows={rows} />}
            </Figure>
          </>
        )}
      </div>
      {!deployment && <p className="text-sm text-muted-foreground">{HEALTH_TEXT.deploymentOnly}</p>}
    </div>
  );
}

/** The system test page's health probes, measured by the server when read and on Refresh. */
export function HealthPanel() {
  const health = useSystemHealth();
  return (
    <section className="space-y-3" aria-labelledby="health-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="health-title" className="text-lg font-semibold">
            Health
          </h2>
          <p className="text-sm text-muted-foreground">
            {health.data
              ? `Measured live at ${formatDateTime(health.data.measured_at)}`
              : 'Measured live when you open the page or refresh'}
          </p>
        </div>
        <Button
          variant="outline"
          disabled={health.isFetching}
          onClick={() => void health.refetch()}
        >
          <RefreshCw aria-hidden="true" className={health.isFetching ? 'animate-spin' : ''} />
          Refresh
        </Button>
      </div>
      {health.data ? (
        <Figures health={health.data} />
      ) : health.isError ? (
        <p className="text-sm text-destructive">{health.error.message}</p>
      ) : (
        <p className="text-sm text-muted-foreground">Measuring…</p>
      )}
    </section>
  );
}
