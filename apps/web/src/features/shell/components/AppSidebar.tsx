import { Link } from 'react-router';
import { Logo } from '@/components/Logo';
import {
  Sidebar,
  SidebarContent,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
} from '@/components/ui/sidebar';
import { OrganizationSwitcher } from '@/features/organization/components/OrganizationSwitcher';
import { NavGroup } from '@/features/shell/components/NavGroup';
import { SignOutButton } from '@/features/shell/components/SignOutButton';
import { NAV_GROUPS } from '@/features/shell/nav-items';

/** The collapsible dashboard sidebar: Main Menu, Help and Account groups. */
export function AppSidebar() {
  const [main, help, account] = NAV_GROUPS;

  return (
    <Sidebar collapsible="icon" aria-label="Dashboard navigation">
      <SidebarHeader className="border-b border-sidebar-border">
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="NetGuard">
              <Link to="/dashboard" aria-label="NetGuard dashboard home">
                <Logo />
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
        <OrganizationSwitcher />
      </SidebarHeader>
      <SidebarContent>
        {main && <NavGroup group={main} />}
        {help && <NavGroup group={help} />}
        {account && (
          <NavGroup group={account}>
            <SignOutButton />
          </NavGroup>
        )}
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}
