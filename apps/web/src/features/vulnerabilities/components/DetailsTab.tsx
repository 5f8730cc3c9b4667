import { nvdUrl, type TVulnerability } from '@netguard/contracts';
import { ExternalLink } from 'lucide-react';
import { DetectionDetails } from '@/features/vulnerabilities/components/DetectionDetails';
import { FrameworkRefs } from '@/features/vulnerabilities/components/FrameworkRefs';
import { formatDateTime } from '@/lib/format';

/** Description, solution, detection, framework controls, type, dates and the NVD entry of the CVE. */
export function DetailsTab({ v }: { v: TVulnerability }) {
  const nvd = nvdUrl(v.cve_id);
  return (
    <div className="space-y-3 text-sm">
      <section>
        <h4 className="font-semibold">Description</h4>
        <p className="whitespace-pre-line text-muted-foreground">{v.description || '—'}</p>
      </section>
      <section>
        <h4 className="font-semibold">Solution</h4>
        <p className="whitespace-pre-line text-muted-foreground">{v.solution || '—'}</p>
      </section>
      <DetectionDetails detection={v.detection} />
      <FrameworkRefs refs={v.frameworks} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Type</dt>
        <dd>{v.vulnerability_type}</dd>
        <dt className="font-semibold">Detected</dt>
        <dd>{formatDateTime(v.first_seen_at)}</dd>
        <dt className="font-semibold">Last seen</dt>
        <dd>
          {formatDateTime(v.last_seen_at)} ({v.occurrences} {v.occurrences === 1 ? 'scan' : 'scans'}
          )
        </dd>
        {v.fixed_at && (
          <>
            <dt className="font-semibold">Fixed</dt>
            <dd>{formatDateTime(v.fixed_at)}</dd>
          </>
        )}
        {v.due_at && (
          <>
            <dt className="font-semibold">Due</dt>
            <dd>{formatDateTime(v.due_at)}</dd>
          </>
        )}
      </dl>
      {nvd && (
        <a
          href={nvd}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
        >
          View {v.cve_id} in the NVD
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      )}
    </div>
  );
}
