import { NetworkScanner } from '@/features/scans/components/NetworkScanner';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ScanPage() {
  useDocumentTitle('Network Scanner');
  return <NetworkScanner />;
}
