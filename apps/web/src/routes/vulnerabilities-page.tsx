import { VulnerabilitiesPage } from '@/features/vulnerabilities/components/VulnerabilitiesPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function VulnerabilitiesRoute() {
  useDocumentTitle('Vulnerabilities');
  return <VulnerabilitiesPage />;
}
