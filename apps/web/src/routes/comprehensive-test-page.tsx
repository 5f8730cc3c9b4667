import { TestRunnerWidget } from '@/features/testing/components/TestRunnerWidget';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ComprehensiveTestPage() {
  useDocumentTitle('Comprehensive Test');
  return (
    <TestRunnerWidget
      kind="comprehensive"
      title="Comprehensive Test"
      description="Every test of every suite on this build, with progress."
    />
  );
}
