import { PACKET_SIMULATOR } from '@netguard/contracts';
import { FlaskConical } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** The Demo source's notice: everything it shows is made up in the browser. */
export function DemoSourcePanel() {
  return (
    <Alert className="border-amber-200 bg-amber-50 text-amber-900" data-testid="demo-notice">
      <FlaskConical aria-hidden="true" />
      <AlertTitle>Simulated data</AlertTitle>
      <AlertDescription className="text-amber-900/90">
        The Demo source makes random packets in your browser (
        {PACKET_SIMULATOR.protocols.join(', ')}), one every {PACKET_SIMULATOR.minIntervalMs / 1000}{' '}
        to {PACKET_SIMULATOR.maxIntervalMs / 1000} seconds. No traffic is captured and the addresses
        are invented.
      </AlertDescription>
    </Alert>
  );
}
