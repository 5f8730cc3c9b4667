import { TestWidgetShell } from '@/features/testing/components/TestWidgetShell';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function QuickTestPage() {
  useDocumentTitle('Quick Test');
  return (
    <TestWidgetShell
      title="Quick Test"
      description="A fast check that the NetGuard services answer and the core flows work."
    />
  );
}
