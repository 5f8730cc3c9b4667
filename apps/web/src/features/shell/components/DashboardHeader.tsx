import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { HelpDialog } from '@/features/help/components/HelpDialog';
import { UserBadge } from '@/features/shell/components/UserBadge';

/** The dashboard top bar: sidebar toggle, the shell title, the account and Help. */
export function DashboardHeader() {
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
      <SidebarTrigger className="-ml-1" data-testid="sidebar-trigger" />
      <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
      <span className="truncate font-semibold text-foreground" data-testid="dashboard-header-title">
        Network Security Dashboard
      </span>
      <UserBadge />
      <HelpDialog />
    </header>
  );
}
