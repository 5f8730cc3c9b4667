import { useParams } from 'react-router';
import { LocalCheckoutPage } from '@/features/billing/components/LocalCheckoutPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /dashboard/billing/checkout/:sessionId: the built-in provider's checkout, opened in a new tab. */
export default function BillingCheckoutRoute() {
  useDocumentTitle('Checkout');
  const { sessionId = '' } = useParams();
  return <LocalCheckoutPage sessionId={sessionId} />;
}
