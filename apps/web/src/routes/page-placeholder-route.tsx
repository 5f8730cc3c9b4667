import { PagePlaceholder } from '@/components/PagePlaceholder';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A dashboard page not built yet: its title only (see placeholder-pages.ts). */
export function PagePlaceholderRoute({ title }: { title: string }) {
  useDocumentTitle(title);
  return <PagePlaceholder title={title} />;
}
