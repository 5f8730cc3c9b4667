/** Query keys of the Compliance Evidence Collection page. */
export const evidenceKeys = {
  all: ['compliance-evidence'] as const,
  dashboard: () => [...evidenceKeys.all, 'dashboard'] as const,
  frameworks: () => [...evidenceKeys.all, 'frameworks'] as const,
  items: (filter: { frameworkId: string; status: string }) =>
    [...evidenceKeys.all, 'items', filter.frameworkId, filter.status] as const,
  runs: () => [...evidenceKeys.all, 'runs'] as const,
  reports: () => [...evidenceKeys.all, 'reports'] as const,
  schedules: () => [...evidenceKeys.all, 'schedules'] as const,
  readiness: (frameworkId: string) => [...evidenceKeys.all, 'readiness', frameworkId] as const,
  publicKey: () => [...evidenceKeys.all, 'public-key'] as const,
  requests: () => [...evidenceKeys.all, 'requests'] as const,
  grants: () => [...evidenceKeys.all, 'grants'] as const,
  requirementItems: (frameworkId: string, requirementId: string) =>
    [...evidenceKeys.all, 'requirement-items', frameworkId, requirementId] as const,
};
