import { SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME } from '@netguard/contracts';
import { createContext, useContext } from 'react';

export type SidebarContextProps = {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};

export const SidebarContext = createContext<SidebarContextProps | null>(null);

/** Reads the sidebar state of the shadcn Sidebar; only valid inside a SidebarProvider. */
export function useSidebar(): SidebarContextProps {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

/** Persists the open state for 7 days so that a reload restores it. */
export function writeSidebarCookie(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/** The open state saved in the sidebar cookie, or `fallback` when there is none. */
export function readSidebarCookie(fallback = true): boolean {
  if (typeof document === 'undefined') return fallback;
  const entry = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  if (!entry) return fallback;
  return entry.slice(SIDEBAR_COOKIE_NAME.length + 1) !== 'false';
}
