import type { TScanListItem } from '@netguard/contracts';
import { Link } from 'react-router';

/** A scan's name, linking to its detail page. */
export function ScanNameLink({ scan }: { scan: Pick<TScanListItem, 'id' | 'scan_name'> }) {
  return (
    <Link
      to={`/dashboard/scans/${scan.id}`}
      className="block truncate font-medium underline-offset-2 hover:underline"
    >
      {scan.scan_name}
    </Link>
  );
}
