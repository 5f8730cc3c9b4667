import { HelpHeader } from '@/features/help/components/HelpHeader';
import { HelpTabs } from '@/features/help/components/HelpTabs';
import { QuickActions } from '@/features/help/components/QuickActions';

export default function HelpPage() {
  return (
    <div className="min-h-svh bg-background">
      <main className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
        <HelpHeader />
        <QuickActions />
        <HelpTabs />
      </main>
    </div>
  );
}
