import { ComplianceEvidencePage } from '@/features/compliance-evidence/components/ComplianceEvidencePage';
import { EVIDENCE_PAGE_TITLE } from '@/features/compliance-evidence/evidence-labels';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ComplianceEvidenceRoute() {
  useDocumentTitle(EVIDENCE_PAGE_TITLE);
  return <ComplianceEvidencePage />;
}
