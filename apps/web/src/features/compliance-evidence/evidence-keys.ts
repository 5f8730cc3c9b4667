/** Query keys of the Compliance Evidence Collection page. */
export const evidenceKeys = {
  all: ['compliance-evidence'] as const,
  dashboard: () => [...evidenceKeys.all, 'dashboard'] as const,
  frameworks: () => [...evidenceKeys.all, 'frameworks'] as const,
  items: () => [...evidenceKeys.all, 'items'] as const,
  runs: () => [...evidenceKeys.all, 'runs'] as const,
  reports: () => [...evidenceKeys.all, 'reports'] as const,
  schedules: () => [...evidenceKeys.all, 'schedules'] as const,
  publicKey: () => [...evidenceKeys.all, 'public-key'] as const,
};
