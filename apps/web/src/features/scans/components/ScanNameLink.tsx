import type { TScanListItem } from '@netguard/contracts';
import { Link } from 'react-router';
import { usePermission } from '@/features/auth/use-permission';

/** A scan's name, linking to its detail page for roles that may read scans. */
export function ScanNameLink({ scan }: { scan: Pick<TScanListItem, 'id' | 'scan_name'> }) {
  const { allowed } = usePermission('scan', 'read');
  if (!allowed) return <span className="block truncate font-medium">{scan.scan_name}</span>;
  return (
    <Link
      to={`/dashboard/scans/${scan.id}`}
      className="block truncate font-medium underline-offset-2 hover:underline"
    >
      {scan.scan_name}
    </Link>
  );
}
