import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The "New Scan" button that opens the scan form. */
export function NewScanButton() {
  return (
    <Button asChild>
      <Link to="/dashboard/scan">
        <Plus aria-hidden="true" />
        New Scan
      </Link>
    </Button>
  );
}
