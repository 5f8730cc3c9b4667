import { SECURITY_CENTER_TEXT as T, type TAssessment } from '@netguard/contracts';
import { CheckCircle2, Loader2, Radar, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePermission } from '@/features/auth/use-permission';
import { useRunSecurityScan } from '@/features/security-center/api';
import { AssessmentSheet } from '@/features/security-center/components/AssessmentSheet';
import { DeniedNote } from '@/features/security-center/components/DeniedNote';
import { PoliciesSheet } from '@/features/security-center/components/PoliciesSheet';
import { ReportMenu } from '@/features/security-center/components/ReportMenu';
import { errorMessage } from '@/lib/api-client';

/** Run Security Scan, Generate Report and Manage Policies; the last scan's result below. */
export function SecurityActionsCard({ last }: { last: TAssessment | null }) {
  const scanPermission = usePermission('security_scan', 'execute');
  const policyPermission = usePermission('organization', 'update');
  const scan = useRunSecurityScan();
  const [details, setDetails] = useState(false);
  const [policies, setPolicies] = useState(false);
  const assessment = scan.data ?? last;

  function onScan() {
    scan.mutate(undefined, {
      onError: (error) => toast.error('Security scan failed', { description: errorMessage(error) }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Security Actions</CardTitle>
        <CardDescription>
          Assess the organization, download a report or change the policies the server enforces.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="space-y-1">
            <Button
              className="w-full"
              onClick={onScan}
              disabled={!scanPermission.allowed || scan.isPending}
              aria-describedby={scanPermission.allowed ? undefined : 'scan-denied'}
              title={scanPermission.reason ?? undefined}
            >
              {scan.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Radar aria-hidden="true" />
              )}
              {scan.isPending ? T.scanning : T.runScan}
            </Button>
            <DeniedNote id="scan-denied" reason={scanPermission.reason} />
          </div>
          <ReportMenu />
          <div className="space-y-1">
            <Button
              variant="outline"
              className="w-full"
              onClick={() => setPolicies(true)}
              disabled={!policyPermission.allowed}
              aria-describedby={policyPermission.allowed ? undefined : 'policies-denied'}
              title={policyPermission.reason ?? undefined}
            >
              <Settings2 aria-hidden="true" />
              Manage Policies
            </Button>
            <DeniedNote id="policies-denied" reason={policyPermission.reason} />
          </div>
        </div>
        {scan.isError && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(scan.error)}</AlertDescription>
          </Alert>
        )}
        {assessment && (
          <Alert data-testid="scan-result">
            <CheckCircle2 aria-hidden="true" />
            <AlertDescription className="flex flex-wrap items-center gap-x-2">
              <span>{T.scanCompleted(assessment.issues.length)}</span>
              <Button variant="link" className="h-auto p-0" onClick={() => setDetails(true)}>
                {T.viewDetails}
              </Button>
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
      {assessment && (
        <AssessmentSheet assessment={assessment} open={details} onOpenChange={setDetails} />
      )}
      {policyPermission.allowed && <PoliciesSheet open={policies} onOpenChange={setPolicies} />}
    </Card>
  );
}
