import { ScanHistory } from '@/features/scans/components/ScanHistory';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ScanHistoryPage() {
  useDocumentTitle('Scan History');
  return <ScanHistory />;
}
