import type { TFeedImport, TFeedSource, TFeedStatus } from '@netguard/contracts';
import { Copy, DatabaseZap, Upload } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFeeds, useUploadFeed } from '@/features/settings/api';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const STATUS_STYLE: Record<TFeedImport['status'], string> = {
  succeeded: 'border-transparent bg-emerald-600 text-white',
  partial: 'border-transparent bg-amber-500 text-white',
  failed: 'border-transparent bg-destructive text-white',
  running: 'border-transparent bg-secondary text-secondary-foreground',
};
const STATUS_LABEL: Record<TFeedImport['status'], string> = {
  succeeded: 'Succeeded',
  partial: 'Partial',
  failed: 'Failed',
  running: 'Running',
};
const number = new Intl.NumberFormat();

function scheduleText(status: TFeedStatus): string {
  if (status.offline) return 'Offline: scheduled imports are off. Feeds arrive by upload only.';
  if (status.interval_hours === null) return 'Scheduled imports are off.';
  const next = status.next_run_at ? ` · next run ${formatDateTime(status.next_run_at)}` : '';
  return `Imported every ${status.interval_hours} h${next}`;
}

/** What one import recorded: version, dates, fingerprint, counts and errors. */
function ImportFacts({ run }: { run: TFeedImport }) {
  const copy = (sha: string) =>
    navigator.clipboard.writeText(sha).then(() => toast.success('SHA-256 copied'));
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs sm:grid-cols-[auto_1fr_auto_1fr]">
      <dt className="text-muted-foreground">Feed version</dt>
      <dd>{run.feed_version ?? '—'}</dd>
      <dt className="text-muted-foreground">Catalog date</dt>
      <dd>{run.catalog_date ? formatDateTime(run.catalog_date) : '—'}</dd>
      <dt className="text-muted-foreground">Fetched</dt>
      <dd>{formatDateTime(run.finished_at ?? run.started_at)}</dd>
      <dt className="text-muted-foreground">Counts</dt>
      <dd>
        {run.counts
          ? `${number.format(run.counts.imported)} imported · ${number.format(run.counts.skipped)} skipped of ${number.format(run.counts.records)}`
          : '—'}
      </dd>
      <dt className="self-center text-muted-foreground">SHA-256</dt>
      <dd className="flex min-w-0 items-center gap-1 sm:col-span-3">
        {run.sha256 ? (
          <>
            <code title={run.sha256}>{run.sha256.slice(0, 12)}…</code>
            <Button
              size="icon"
              variant="ghost"
              className="size-6"
              aria-label="Copy SHA-256"
              onClick={() => run.sha256 && copy(run.sha256)}
            >
              <Copy className="size-3" aria-hidden="true" />
            </Button>
            {run.bytes !== null && (
              <span className="text-muted-foreground">{number.format(run.bytes)} bytes</span>
            )}
          </>
        ) : (
          '—'
        )}
      </dd>
      <dt className="text-muted-foreground">Origin</dt>
      <dd className="min-w-0 truncate sm:col-span-3" title={run.origin}>
        {run.origin}
      </dd>
    </dl>
  );
}

function UploadButton({ source, label }: { source: TFeedSource; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFeed();
  const send = (file: File) =>
    upload.mutate(
      { source, file },
      {
        onSuccess: (run) =>
          toast.success(`${label} imported`, {
            description: `${STATUS_LABEL[run.status]}: ${number.format(run.counts?.imported ?? 0)} imported`,
          }),
        onError: (error) =>
          toast.error(`${label} not imported`, { description: errorMessage(error) }),
      },
    );
  return (
    <>
      <input
        ref={input}
        type="file"
        className="hidden"
        aria-label={`${label} file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) send(file);
        }}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        <Upload className="size-4" aria-hidden="true" />
        {upload.isPending ? 'Uploading…' : 'Upload file'}
      </Button>
    </>
  );
}

type Source = TFeedStatus['sources'][number];

function FeedRow({ feed, canUpload }: { feed: Source; canUpload: boolean }) {
  const run = feed.latest;
  const older = run && run.status !== 'succeeded' ? feed.last_success : null;
  return (
    <li className="space-y-2 p-3" aria-label={feed.label}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{feed.label}</span>
        {run ? (
          <Badge className={STATUS_STYLE[run.status]}>{STATUS_LABEL[run.status]}</Badge>
        ) : (
          <Badge variant="outline">Never imported</Badge>
        )}
        <span className="text-xs text-muted-foreground">
          {number.format(feed.rows)} {feed.rows === 1 ? 'row' : 'rows'} held
        </span>
        {canUpload && (
          <span className="ml-auto">
            <UploadButton source={feed.source} label={feed.label} />
          </span>
        )}
      </div>
      {run && <ImportFacts run={run} />}
      {run && run.errors.length > 0 && (
        <ul className={cn('space-y-0.5 text-xs', run.status === 'failed' && 'text-destructive')}>
          {run.errors.slice(0, 3).map((error) => (
            <li key={error} className="break-words">
              {error}
            </li>
          ))}
          {run.errors.length > 3 && <li>and {run.errors.length - 3} more</li>}
        </ul>
      )}
      {older && older.id !== run?.id && (
        <p className="text-xs text-muted-foreground">
          Data held from the import of {formatDateTime(older.finished_at ?? older.started_at)} (
          {STATUS_LABEL[older.status].toLowerCase()}).
        </p>
      )}
    </li>
  );
}

/** Settings → Feeds: the threat-intelligence feeds this server holds, their provenance and uploads. */
export function FeedsCard() {
  const feeds = useFeeds();
  return (
    <SettingsCard
      title="Threat Intelligence Feeds"
      description="Advisories, exploitation and distribution fixes scans are matched against. Shared by every organization on this server."
      icon={DatabaseZap}
    >
      {feeds.isPending && <Skeleton className="h-40 w-full" />}
      {feeds.isError && <p className="text-sm text-destructive">{errorMessage(feeds.error)}</p>}
      {feeds.data && (
        <>
          <p className="text-sm" data-testid="feeds-schedule">
            {scheduleText(feeds.data)}
          </p>
          {!feeds.data.can_upload && (
            <p className="text-xs text-muted-foreground">
              Only the deployment operators of this server can upload feed files.
            </p>
          )}
          <ul className="divide-y rounded-md border" aria-label="Feeds">
            {feeds.data.sources.map((feed) => (
              <FeedRow key={feed.source} feed={feed} canUpload={feeds.data.can_upload} />
            ))}
          </ul>
        </>
      )}
    </SettingsCard>
  );
}
