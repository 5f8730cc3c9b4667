import { TestWidgetShell } from '@/features/testing/components/TestWidgetShell';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ComprehensiveTestPage() {
  useDocumentTitle('Comprehensive Test');
  return (
    <TestWidgetShell
      title="Comprehensive Test"
      description="A full run of the basic and advanced system test suites, with progress."
    />
  );
}
