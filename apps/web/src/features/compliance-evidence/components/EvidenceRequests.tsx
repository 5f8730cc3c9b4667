import type { TEvidenceRequest } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePermission } from '@/features/auth/use-permission';
import { CloseRequestForm } from '@/features/compliance-evidence/components/CloseRequestForm';
import { RequestEvidenceForm } from '@/features/compliance-evidence/components/RequestEvidenceForm';
import { FRAMEWORK_SHORT_NAMES } from '@/features/compliance-evidence/evidence-labels';
import { formatDateTime } from '@/lib/format';

const STATUS_LABELS = { open: 'Open', fulfilled: 'Fulfilled', declined: 'Declined' } as const;
const STATUS_VARIANTS = { open: 'default', fulfilled: 'secondary', declined: 'outline' } as const;

function closedLine(request: TEvidenceRequest) {
  const by = `${request.closedBy ?? 'a former member'}, ${formatDateTime(request.closedAt ?? '')}`;
  if (request.status === 'declined') return `Declined by ${by}: ${request.reason}`;
  const what = request.evidenceId
    ? `evidence ${request.evidenceId.slice(0, 8)}`
    : `collection run ${request.runId?.slice(0, 8) ?? '(deleted)'}`;
  return `Fulfilled by ${by} with ${what}`;
}

/** Requests: auditors ask for evidence for a requirement; admins close the open ones. */
export function EvidenceRequests({ requests }: { requests: TEvidenceRequest[] }) {
  const ask = usePermission('evidence', 'update');
  const close = usePermission('evidence', 'create');
  const open = requests.filter((r) => r.status === 'open');
  return (
    <Card className="gap-3 py-4" aria-label="Evidence requests">
      <CardHeader className="px-4">
        <CardTitle className="text-base">Requests</CardTitle>
        <p className="text-xs text-muted-foreground">
          {open.length} open · {requests.length - open.length} closed
        </p>
      </CardHeader>
      <CardContent className="space-y-3 px-4">
        {ask.allowed && !close.allowed && <RequestEvidenceForm />}
        {requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">No evidence requests.</p>
        ) : (
          <ul className="space-y-3">
            {requests.map((request) => (
              <li
                key={request.id}
                className="space-y-2 rounded-md border p-3 text-sm"
                data-testid="evidence-request"
                data-status={request.status}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={STATUS_VARIANTS[request.status]}>
                    {STATUS_LABELS[request.status]}
                  </Badge>
                  <span className="font-medium">
                    {FRAMEWORK_SHORT_NAMES[request.frameworkId]} {request.requirementId}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {request.requestedBy ?? 'A former member'} · {formatDateTime(request.createdAt)}
                  </span>
                </div>
                <p className="break-words whitespace-pre-wrap">{request.message}</p>
                {request.status !== 'open' && (
                  <p className="break-words text-xs text-muted-foreground">{closedLine(request)}</p>
                )}
                {request.status === 'open' && close.allowed && (
                  <CloseRequestForm request={request} />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
