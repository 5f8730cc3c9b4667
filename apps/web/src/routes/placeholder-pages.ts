/**
 * Dashboard pages that later issues build. Until then each shows its title only.
 * Remove an entry when its real page is mounted in router.tsx.
 */
export const PLACEHOLDER_PAGES = [
  { path: 'compliance-evidence', title: 'Compliance Evidence Collection' },
] as const;
