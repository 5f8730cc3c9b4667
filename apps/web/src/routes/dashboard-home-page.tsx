import { DashboardHome } from '@/features/dashboard/components/DashboardHome';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function DashboardHomePage() {
  useDocumentTitle('Enterprise Dashboard');
  return <DashboardHome />;
}
