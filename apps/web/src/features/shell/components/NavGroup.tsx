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
import { isNavItemActive, type TNavGroup } from '@/features/shell/nav-items';

type NavGroupProps = { group: TNavGroup; children?: ReactNode };

/** One labelled sidebar group of links; extra menu items (e.g. Sign Out) go in `children`. */
export function NavGroup({ group, children }: NavGroupProps) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();

  return (
    <SidebarGroup>
      <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {group.items.map(({ title, url, icon: Icon }) => (
            <SidebarMenuItem key={url}>
              <SidebarMenuButton asChild isActive={isNavItemActive(url, pathname)} tooltip={title}>
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
          ))}
          {children}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}
