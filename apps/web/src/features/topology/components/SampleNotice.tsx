import { Info, Radar } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TOPOLOGY_TEXT as T } from '@/features/topology/topology-text';

/** Says plainly that the diagram is the sample network, and how to get the real one. */
export function SampleNotice() {
  return (
    <Alert data-testid="sample-notice">
      <Info aria-hidden="true" />
      <AlertTitle>{T.sampleTitle}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{T.sampleDescription}</span>
        <Button asChild size="sm" variant="outline">
          <Link to="/dashboard/scan">
            <Radar aria-hidden="true" />
            {T.runScan}
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
