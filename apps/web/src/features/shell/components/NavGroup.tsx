import { can, deniedReason } from '@netguard/contracts';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import {
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { useAuth } from '@/features/auth/auth-context';
import { isNavItemActive, type TNavGroup } from '@/features/shell/nav-items';

type NavGroupProps = { group: TNavGroup; children?: ReactNode };

/**
 * One labelled sidebar group of links; extra menu items (e.g. Sign Out) go in `children`. A page
 * the role cannot use is shown disabled, with the reason and who can in its tooltip.
 */
export function NavGroup({ group, children }: NavGroupProps) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const { user } = useAuth();

  return (
    <SidebarGroup>
      <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {group.items.map(({ title, url, icon: Icon, needs }) => {
            const refused = needs && !can(user?.role, needs.resource, needs.action);
            if (refused) {
              const reason = deniedReason(needs.resource, needs.action);
              return (
                <SidebarMenuItem key={url}>
                  <SidebarMenuButton
                    aria-disabled="true"
                    title={reason}
                    tooltip={reason}
                    className="cursor-not-allowed opacity-50"
                  >
                    <Icon aria-hidden="true" />
                    <span>{title}</span>
                    <span className="sr-only">{reason}</span>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              );
            }
            return (
              <SidebarMenuItem key={url}>
                <SidebarMenuButton
                  asChild
                  isActive={isNavItemActive(url, pathname)}
                  tooltip={title}
                >
                  <NavLink
                    to={url}
                    end={url === '/dashboard'}
                    onClick={() => isMobile && setOpenMobile(false)}
                  >
                    <Icon aria-hidden="true" />
                    <span>{title}</span>
                  </NavLink>
                </SidebarMenuButton>
              </SidebarMenuItem>
            );
          })}
          {children}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}
