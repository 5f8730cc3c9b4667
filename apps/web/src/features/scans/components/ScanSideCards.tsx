import { describeCoverage, type TScanType, UI_TEXT } from '@netguard/contracts';
import { Clock, ListChecks, type LucideIcon, Network, ShieldAlert, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { portsError, scanTypeInfo } from '@/features/scans/scan-form';

type ScanDetailsCardProps = { scanType: TScanType | ''; targetCount: number; ports: string };

/** Scan Details: the chosen type's estimated duration, its coverage and the target count. */
export function ScanDetailsCard({ scanType, targetCount, ports }: ScanDetailsCardProps) {
  const type = scanTypeInfo(scanType);
  const custom = ports.trim() && !portsError(ports) ? ports : null;
  const coverage = scanType ? describeCoverage(scanType, custom) : null;
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
        <Row icon={Network} label="Ports" testId="port-coverage">
          {coverage ? coverage.ports : '—'}
          {custom && <span className="block text-xs text-muted-foreground">Custom port list</span>}
        </Row>
        <Row icon={ListChecks} label="Checks" testId="scan-probes">
          {coverage ? coverage.probes : '—'}
        </Row>
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

type RowProps = { icon: LucideIcon; label: string; testId: string; children: ReactNode };

function Row({ icon: Icon, label, testId, children }: RowProps) {
  return (
    <div className="flex items-start justify-between gap-3">
      <span className="flex items-center gap-2 whitespace-nowrap text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </span>
      <span className="text-right font-medium" data-testid={testId}>
        {children}
      </span>
    </div>
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
