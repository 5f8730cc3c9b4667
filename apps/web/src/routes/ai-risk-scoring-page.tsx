import { RISK_TEXT } from '@netguard/contracts';
import { RiskScoringPage } from '@/features/risk/components/RiskScoringPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function AiRiskScoringRoute() {
  useDocumentTitle(RISK_TEXT.title);
  return <RiskScoringPage />;
}
