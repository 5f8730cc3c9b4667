import type { TScanListItem } from '@netguard/contracts';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { usePermission } from '@/features/auth/use-permission';
import { exportScanResults } from '@/features/scans/api';

type Props = { scan: Pick<TScanListItem, 'id' | 'scan_name' | 'status'> };

/** Download of one finished scan's results in the formats other tools import (nmap XML, SARIF). */
export function ScanResultsExport({ scan }: Props) {
  const permission = usePermission('scan', 'export');
  if (scan.status !== 'completed' && scan.status !== 'cancelled' && scan.status !== 'failed')
    return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          disabled={!permission.allowed}
          title={permission.reason ?? undefined}
        >
          <Download aria-hidden="true" />
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => exportScanResults(scan, 'nmap-xml')}>
          nmap XML
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => exportScanResults(scan, 'sarif')}>
          SARIF 2.1.0
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
