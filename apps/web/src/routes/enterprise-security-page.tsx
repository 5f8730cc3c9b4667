import { SECURITY_CENTER_TEXT } from '@netguard/contracts';
import { EnterpriseSecurityPage } from '@/features/security-center/components/EnterpriseSecurityPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function EnterpriseSecurityRoute() {
  useDocumentTitle(SECURITY_CENTER_TEXT.title);
  return <EnterpriseSecurityPage />;
}
