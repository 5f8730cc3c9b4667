import { BillingPage } from '@/features/billing/components/BillingPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function BillingRoute() {
  useDocumentTitle('Billing');
  return <BillingPage />;
}
