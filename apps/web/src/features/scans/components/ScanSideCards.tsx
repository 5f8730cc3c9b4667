import { describeCoverage, type TScanType, UI_TEXT } from '@netguard/contracts';
import { Clock, ListChecks, type LucideIcon, Network, ShieldAlert, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useScanEstimate } from '@/features/scans/api';
import { describeEstimate } from '@/features/scans/scan-estimate';
import { portsError } from '@/features/scans/scan-form';

type ScanDetailsCardProps = { scanType: TScanType | ''; targets: string[]; ports: string };

/** Scan Details: the scan's duration estimated from measured scans, its coverage and targets. */
export function ScanDetailsCard({ scanType, targets, ports }: ScanDetailsCardProps) {
  const estimate = useScanEstimate(scanType, targets, ports);
  const shown = estimate.isEnabled && estimate.data ? describeEstimate(estimate.data) : null;
  const custom = ports.trim() && !portsError(ports) ? ports : null;
  const coverage = scanType ? describeCoverage(scanType, custom) : null;
  return (
    <Card data-testid="scan-details">
      <CardHeader>
        <CardTitle>Scan Details</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <div className="space-y-0.5">
          <Row icon={Clock} label="Estimated Duration" testId="estimated-duration">
            <span className="whitespace-nowrap">{shown ? shown.duration : '—'}</span>
          </Row>
          {shown && (
            <p className="text-right text-xs text-muted-foreground" data-testid="estimate-basis">
              {shown.basis}
            </p>
          )}
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
            {targets.length}
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
