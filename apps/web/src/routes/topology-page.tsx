import { NetworkTopology } from '@/features/topology/components/NetworkTopology';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function TopologyPage() {
  useDocumentTitle('Network Topology');
  return <NetworkTopology />;
}
