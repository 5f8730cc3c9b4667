import { ReportsPage } from '@/features/reports/components/ReportsPage';
import { REPORTS_PAGE_TEXT } from '@/features/reports/report-text';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ReportsRoute() {
  useDocumentTitle(REPORTS_PAGE_TEXT.title);
  return <ReportsPage />;
}
