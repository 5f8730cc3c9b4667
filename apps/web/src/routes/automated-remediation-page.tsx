import { REMEDIATION_TEXT } from '@netguard/contracts';
import { AutomatedRemediationPage } from '@/features/remediation/components/AutomatedRemediationPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function AutomatedRemediationRoute() {
  useDocumentTitle(REMEDIATION_TEXT.title);
  return <AutomatedRemediationPage />;
}
