/** Query keys of the Cloud Integrations page; realtime cloud scan events write to the same keys. */
export const cloudKeys = {
  all: ['cloud'] as const,
  connections: () => [...cloudKeys.all, 'connections'] as const,
  scans: () => [...cloudKeys.all, 'scans'] as const,
  scan: (id: string) => [...cloudKeys.all, 'scan', id] as const,
  comparison: (id: string) => [...cloudKeys.all, 'comparison', id] as const,
  muteRules: () => [...cloudKeys.all, 'mute-rules'] as const,
};
