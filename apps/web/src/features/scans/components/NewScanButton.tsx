import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePermission } from '@/features/auth/use-permission';

/** The "New Scan" button that opens the scan form; disabled, with the reason, for other roles. */
export function NewScanButton() {
  const { allowed, reason } = usePermission('scan', 'create');
  if (!allowed)
    return (
      <span title={reason ?? undefined} className="inline-flex">
        <Button disabled aria-describedby="new-scan-denied">
          <Plus aria-hidden="true" />
          New Scan
        </Button>
        <span id="new-scan-denied" className="sr-only">
          {reason}
        </span>
      </span>
    );
  return (
    <Button asChild>
      <Link to="/dashboard/scan">
        <Plus aria-hidden="true" />
        New Scan
      </Link>
    </Button>
  );
}
