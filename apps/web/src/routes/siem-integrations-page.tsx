import { SiemIntegrationsPage } from '@/features/siem/components/SiemIntegrationsPage';
import { SIEM_PAGE_TITLE } from '@/features/siem/siem-labels';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function SiemIntegrationsRoute() {
  useDocumentTitle(SIEM_PAGE_TITLE);
  return <SiemIntegrationsPage />;
}
