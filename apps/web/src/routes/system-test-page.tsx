import { SystemTestPage } from '@/features/testing/components/SystemTestPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function SystemTestRoute() {
  useDocumentTitle('System Test');
  return <SystemTestPage />;
}
