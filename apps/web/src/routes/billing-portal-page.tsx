import { LocalPortalPage } from '@/features/billing/components/LocalPortalPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /dashboard/billing/portal: the built-in provider's customer portal, opened in a new tab. */
export default function BillingPortalRoute() {
  useDocumentTitle('Billing Portal');
  return <LocalPortalPage />;
}
