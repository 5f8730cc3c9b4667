import { UI_TEXT } from '@netguard/contracts';
import { Clock, ShieldAlert, Target } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { scanTypeInfo } from '@/features/scans/scan-form';

type ScanDetailsCardProps = { scanType: string; targetCount: number };

/** Scan Details: the chosen type's estimated duration and the target count. */
export function ScanDetailsCard({ scanType, targetCount }: ScanDetailsCardProps) {
  const type = scanTypeInfo(scanType);
  return (
    <Card data-testid="scan-details">
      <CardHeader>
        <CardTitle>Scan Details</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <div className="flex items-center justify-between gap-3">
          <span className="flex items-center gap-2 whitespace-nowrap text-muted-foreground">
            <Clock className="size-4" aria-hidden="true" />
            Estimated Duration
          </span>
          <span className="font-medium" data-testid="estimated-duration">
            {type ? type.duration : '—'}
          </span>
        </div>
        <div className="flex items-center justify-between gap-3">
          <span className="flex items-center gap-2 whitespace-nowrap text-muted-foreground">
            <Target className="size-4" aria-hidden="true" />
            Targets
          </span>
          <span className="font-medium tabular-nums" data-testid="target-count">
            {targetCount}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}

/** The reminder to scan only networks the user may test. */
export function SecurityNoticeCard() {
  return (
    <Card className="border-amber-200 bg-amber-50/60" data-testid="security-notice">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-amber-900">
          <ShieldAlert className="size-5" aria-hidden="true" />
          Security Notice
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-amber-900">{UI_TEXT.scanNotice}</CardContent>
    </Card>
  );
}
