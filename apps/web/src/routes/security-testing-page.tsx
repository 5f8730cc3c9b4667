import { SecurityTestingPage } from '@/features/testing/components/SecurityTestingPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function SecurityTestingRoute() {
  useDocumentTitle('Security Testing');
  return <SecurityTestingPage />;
}
