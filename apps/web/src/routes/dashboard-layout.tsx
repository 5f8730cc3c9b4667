import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { readSidebarCookie } from '@/components/ui/sidebar-context';
import { useClaimOperatorSetup } from '@/features/operators/operator-setup';
import { useAcceptPendingInvitation } from '@/features/organization/pending-invitation';
import { GatedOutlet } from '@/features/plans/components/PlanGate';
import { RealtimeProvider } from '@/features/realtime/RealtimeProvider';
import { AppSidebar } from '@/features/shell/components/AppSidebar';
import { DashboardHeader } from '@/features/shell/components/DashboardHeader';

/**
 * The dashboard shell: live scan updates, sidebar, header and the nested page (or its upgrade
 * card when the plan lacks it); joins a pending invitation and redeems a pending operator setup link.
 */
export default function DashboardLayout() {
  useAcceptPendingInvitation();
  useClaimOperatorSetup();
  return (
    <RealtimeProvider>
      <SidebarProvider defaultOpen={readSidebarCookie()}>
        <AppSidebar />
        <SidebarInset>
          <DashboardHeader />
          <div className="flex-1 p-4 sm:p-6 lg:p-8">
            <GatedOutlet />
          </div>
        </SidebarInset>
      </SidebarProvider>
    </RealtimeProvider>
  );
}
