import { useParams } from 'react-router';
import { ScanDetail } from '@/features/scans/components/ScanDetail';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ScanDetailPage() {
  useDocumentTitle('Scan Details');
  const { id = '' } = useParams();
  return <ScanDetail key={id} id={id} />;
}
