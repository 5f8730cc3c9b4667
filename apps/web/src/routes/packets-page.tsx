import { PacketAnalysis } from '@/features/packets/components/PacketAnalysis';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function PacketsPage() {
  useDocumentTitle('Packet Analysis');
  return <PacketAnalysis />;
}
