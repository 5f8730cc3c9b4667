import { SettingsPage } from '@/features/settings/components/SettingsPage';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function SettingsRoute() {
  useDocumentTitle('Settings');
  return <SettingsPage />;
}
