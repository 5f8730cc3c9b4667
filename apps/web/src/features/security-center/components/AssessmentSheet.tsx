import type { TAssessment } from '@netguard/contracts';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { SeverityBadge } from '@/features/scans/components/SeverityBadge';
import { RISK_LABEL } from '@/features/security-center/security-center-style';
import { formatDateTime } from '@/lib/format';

type Props = { assessment: TAssessment; open: boolean; onOpenChange: (open: boolean) => void };

/** The issues the last security scan found, each with where to fix it. */
export function AssessmentSheet({ assessment, open, onOpenChange }: Props) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-xl">
        <SheetHeader>
          <SheetTitle>Security scan details</SheetTitle>
          <SheetDescription>
            Run {formatDateTime(assessment.ran_at)}
            {assessment.ran_by ? ` by ${assessment.ran_by}` : ''}. Risk level{' '}
            {RISK_LABEL[assessment.risk_level]}.
          </SheetDescription>
        </SheetHeader>
        <div className="space-y-3 px-4 pb-6">
          {assessment.issues.length === 0 && (
            <p className="text-sm text-muted-foreground">No issues found.</p>
          )}
          {assessment.issues.map((issue, index) => (
            <div
              // Issues have no id of their own; their order is stable within one assessment.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className="space-y-1 rounded-lg border p-3"
              data-testid="assessment-issue"
            >
              <div className="flex items-start gap-2">
                <SeverityBadge severity={issue.severity} />
                <p className="text-sm font-medium break-words">{issue.title}</p>
              </div>
              <p className="text-sm text-muted-foreground">{issue.detail}</p>
              <Link
                to={issue.fix_url}
                className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
              >
                {issue.fix_label}
                <ExternalLink className="size-3" aria-hidden="true" />
              </Link>
            </div>
          ))}
        </div>
      </SheetContent>
    </Sheet>
  );
}
