import { TestRunnerWidget } from '@/features/testing/components/TestRunnerWidget';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function QuickTestPage() {
  useDocumentTitle('Quick Test');
  return (
    <TestRunnerWidget
      kind="quick"
      title="Quick Test"
      description="The passive tests of this deployment (reads only), in under 30 seconds."
    />
  );
}
