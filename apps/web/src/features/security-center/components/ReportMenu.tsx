import type { TSecurityReportQuery } from '@netguard/contracts';
import { FileDown, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { usePermission } from '@/features/auth/use-permission';
import { downloadSecurityReport } from '@/features/security-center/api';
import { DeniedNote } from '@/features/security-center/components/DeniedNote';
import { errorMessage } from '@/lib/api-client';

const CHOICES: { query: TSecurityReportQuery; label: string }[] = [
  { query: { format: 'pdf', range: '24h' }, label: 'PDF, last 24 hours' },
  { query: { format: 'pdf', range: '7d' }, label: 'PDF, last 7 days' },
  { query: { format: 'json', range: '24h' }, label: 'JSON, last 24 hours' },
  { query: { format: 'json', range: '7d' }, label: 'JSON, last 7 days' },
];

/** Generate Report: the security report as PDF or JSON, for 24 hours or 7 days. */
export function ReportMenu() {
  const permission = usePermission('audit', 'export');
  const [busy, setBusy] = useState(false);

  function onPick(query: TSecurityReportQuery) {
    setBusy(true);
    downloadSecurityReport(query)
      .then(() => toast.success('Report generated successfully'))
      .catch((error: unknown) =>
        toast.error('Error generating report', { description: errorMessage(error) }),
      )
      .finally(() => setBusy(false));
  }

  return (
    <div className="space-y-1">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            className="w-full"
            disabled={!permission.allowed || busy}
            title={permission.reason ?? undefined}
          >
            {busy ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <FileDown aria-hidden="true" />
            )}
            Generate Report
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuLabel>Events, incidents, assessment, compliance</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {CHOICES.map((choice) => (
            <DropdownMenuItem key={choice.label} onSelect={() => onPick(choice.query)}>
              {choice.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DeniedNote id="report-denied" reason={permission.reason} />
    </div>
  );
}
