import { CLOUD_PAGE_TITLE } from '@/features/cloud/cloud-labels';
import { CloudIntegrationsPage } from '@/features/cloud/components/CloudIntegrationsPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function CloudIntegrationsRoute() {
  useDocumentTitle(CLOUD_PAGE_TITLE);
  return <CloudIntegrationsPage />;
}
